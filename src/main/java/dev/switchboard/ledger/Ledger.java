package dev.switchboard.ledger;

/** Where the request path hands usage events; never blocks and never touches the database itself. */
public interface Ledger {

  void record(UsageEvent event);
}
