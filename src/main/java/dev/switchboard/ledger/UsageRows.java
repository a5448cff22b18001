package dev.switchboard.ledger;

import dev.switchboard.store.UsageRow;
import dev.switchboard.store.UsageStore;
import java.util.List;
import java.util.function.Consumer;

/** The bridge from ledger events to the usage table. */
public final class UsageRows {

  private UsageRows() {}

  /** A batch sink for {@link LedgerWriter} that inserts into {@code store}. */
  public static Consumer<List<UsageEvent>> sink(UsageStore store) {
    return events -> store.insertBatch(events.stream().map(UsageRows::row).toList());
  }

  static UsageRow row(UsageEvent e) {
    return new UsageRow(0, e.requestId(), e.createdAt(), e.endpoint(), e.keyId(), e.keyName(), e.requestedModel(),
        e.modelId(), e.servedModel(), e.providerId(), e.provider(), e.routeAttempt(), e.failedOver(), e.status(),
        e.httpStatus(), e.errorClass(), e.inputTokens(), e.outputTokens(), e.cost(), e.currency(), e.latencyMs(),
        e.ttfbMs(), e.stream());
  }
}
