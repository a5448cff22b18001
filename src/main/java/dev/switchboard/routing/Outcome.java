package dev.switchboard.routing;

import dev.switchboard.catalog.Binding;
import dev.switchboard.protocol.OpenAiResponse;
import dev.switchboard.protocol.SseEvent;
import dev.switchboard.upstream.Reply;
import java.util.List;

/** How a request's attempt loop ended; {@code failed} lists the attempts that failed over, in order. */
public sealed interface Outcome {

  List<AttemptLog> failed();

  /**
   * A complete answer to relay: a result (body rewritten) or a non-failover error (as the upstream said it).
   *
   * @param rewritten the result with {@code model} set to the caller's name, or {@code null} for an error
   */
  record Answered(List<AttemptLog> failed, AttemptLog last, Reply reply, OpenAiResponse rewritten)
      implements Outcome {}

  /** A stream past its commit point: the first event is in hand, the rest is still coming. */
  record Streaming(List<AttemptLog> failed, Binding binding, int routeAttempt, Reply reply, CommittedStream stream,
      long startedNanos, SseEvent first) implements Outcome {}

  /**
   * Every attempt failed over, or there was nothing to try.
   *
   * @param lastReply the last attempt's HTTP answer, or {@code null} when it had none
   */
  record Exhausted(List<AttemptLog> failed, Reply lastReply) implements Outcome {

    public AttemptLog last() {
      return failed.isEmpty() ? null : failed.getLast();
    }
  }

  /** The caller went away during the loop. */
  record Canceled(List<AttemptLog> failed, AttemptLog last) implements Outcome {}
}
