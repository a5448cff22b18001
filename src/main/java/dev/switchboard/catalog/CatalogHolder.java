package dev.switchboard.catalog;

import java.util.concurrent.atomic.AtomicReference;

/** The one place the current catalog snapshot lives; swapped whole on every change. */
public final class CatalogHolder {

  private final AtomicReference<Catalog> current = new AtomicReference<>(Catalog.EMPTY);

  public Catalog get() {
    return current.get();
  }

  public void set(Catalog next) {
    current.set(next);
  }
}
