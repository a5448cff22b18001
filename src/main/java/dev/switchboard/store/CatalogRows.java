package dev.switchboard.store;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.ApiKey;
import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.Provider;
import java.util.List;

/** Every catalog row, read in one consistent snapshot, ordered by id; credentials decrypted. */
public record CatalogRows(List<Provider> providers, List<Model> models, List<Alias> aliases, List<ApiKey> keys) {
  public CatalogRows {
    providers = List.copyOf(providers);
    models = List.copyOf(models);
    aliases = List.copyOf(aliases);
    keys = List.copyOf(keys);
  }
}
