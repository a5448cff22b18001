package dev.switchboard.catalog;

import java.time.Instant;

/**
 * A direct binding of a unique name to one provider's upstream model.
 *
 * @param timeouts per-model overrides of the provider's timeouts ({@link Timeouts#INHERIT} for none)
 * @param prices list prices, used by the {@code cheapest} rule and to price ledger rows
 * @param capabilities shown on model cards; an alias shows the intersection of its targets'
 * @param probeRequest the JSON body of a recovery probe (e.g. for reasoning models); {@code null} for a
 *     one-token completion
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
    Capabilities capabilities,
    String probeRequest) {

  public Model {
    prices = prices == null ? Prices.NONE : prices;
    capabilities = capabilities == null ? Capabilities.UNKNOWN : capabilities;
  }

  /** A model with the default probe request. */
  public Model(long id, String name, long providerId, String upstreamModel, ModelKind kind, Timeouts timeouts,
      boolean active, String source, Instant createdAt, Instant updatedAt, Prices prices,
      Capabilities capabilities) {
    this(id, name, providerId, upstreamModel, kind, timeouts, active, source, createdAt, updatedAt, prices,
        capabilities, null);
  }

  /** A model without prices or known capabilities. */
  public Model(long id, String name, long providerId, String upstreamModel, ModelKind kind, Timeouts timeouts,
      boolean active, String source, Instant createdAt, Instant updatedAt) {
    this(id, name, providerId, upstreamModel, kind, timeouts, active, source, createdAt, updatedAt, Prices.NONE,
        Capabilities.UNKNOWN, null);
  }
}
