package dev.switchboard.catalog;

import java.time.Instant;

/**
 * A direct binding of a unique name to one provider's upstream model.
 *
 * @param timeouts per-model overrides of the provider's timeouts ({@link Timeouts#INHERIT} for none)
 * @param prices list prices, used by the {@code cheapest} rule and to price ledger rows
 * @param capabilities shown on model cards; an alias shows the intersection of its targets'
 */
public record Model(
    long id,
    String name,
    long providerId,
    String upstreamModel,
    ModelKind kind,
    Timeouts timeouts,
    boolean active,
    String source,
    Instant createdAt,
    Instant updatedAt,
    Prices prices,
    Capabilities capabilities) {

  public Model {
    prices = prices == null ? Prices.NONE : prices;
    capabilities = capabilities == null ? Capabilities.UNKNOWN : capabilities;
  }

  /** A model without prices or known capabilities. */
  public Model(long id, String name, long providerId, String upstreamModel, ModelKind kind, Timeouts timeouts,
      boolean active, String source, Instant createdAt, Instant updatedAt) {
    this(id, name, providerId, upstreamModel, kind, timeouts, active, source, createdAt, updatedAt, Prices.NONE,
        Capabilities.UNKNOWN);
  }
}
