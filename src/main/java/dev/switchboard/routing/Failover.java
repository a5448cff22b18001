package dev.switchboard.routing;

import dev.switchboard.catalog.Binding;
import dev.switchboard.health.Failure;
import dev.switchboard.health.HealthBoard;
import dev.switchboard.protocol.JsonScan;
import dev.switchboard.protocol.OpenAiRequest;
import dev.switchboard.protocol.OpenAiResponse;
import dev.switchboard.protocol.SseEvent;
import dev.switchboard.upstream.Cancellation;
import dev.switchboard.upstream.Reply;
import dev.switchboard.upstream.Upstream;
import dev.switchboard.upstream.UpstreamCall;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * The attempt loop (DESIGN §4): walks the plan, each target at most once (plus its {@code retries} for
 * transient failures), until an answer that may be relayed, or until the plan, {@code max_attempts} or the
 * deadline is used up.
 *
 * <p>Nothing reaches the caller from here. For a stream the commit point is the first event that is not an
 * error: the loop holds the upstream's 200 until then, so "200, then an error event", an empty stream and a
 * first-event timeout all fail over invisibly. What the loop returns is a complete answer, a stream already
 * past its commit point, or the last failure. Every attempt's verdict feeds the target's health: failures
 * that say something about the target trip it; 4xx answers, cancels and the gateway's own refusals never do.
 */
public final class Failover {

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Failover.class);

  private final Function<String, Upstream> upstreams;
  private final HealthBoard health;
  private final TargetStats stats;
  private final Scheduler scheduler;
  private final RandomGenerator random;

  /** @param upstreams the upstream implementation for a provider kind */
  public Failover(Function<String, Upstream> upstreams, HealthBoard health, TargetStats stats, Scheduler scheduler,
      RandomGenerator random) {
    this.upstreams = upstreams;
    this.health = health;
    this.stats = stats;
    this.scheduler = scheduler;
    this.random = random;
  }

  /** A request as the loop sees it. {@code deadlineNanos} is on the {@link System#nanoTime} scale. */
  public record Request(String requestId, OpenAiRequest body, Plan plan, long deadlineNanos) {}

  /** Cancels the attempt in progress; after it the loop makes no further attempt. */
  public interface Handle {
    Future<Outcome> outcome();

    void cancel();
  }

  public Handle run(Request request) {
    Loop loop = new Loop(request);
    loop.next();
    return loop;
  }

  private final class Loop implements Handle {
    private final Request request;
    private final Promise<Outcome> promise = Promise.promise();
    private final List<AttemptLog> failed = new ArrayList<>();
    private int index;
    private int retriesOnCurrent;
    private boolean canceled;
    private Runnable cancelCurrent = () -> { };
    private Reply lastReply;

    Loop(Request request) {
      this.request = request;
    }

    @Override
    public Future<Outcome> outcome() {
      return promise.future();
    }

    @Override
    public void cancel() {
      canceled = true;
      cancelCurrent.run();
    }

    private long left() {
      return request.deadlineNanos() - System.nanoTime();
    }

    void next() {
      Plan plan = request.plan();
      if (canceled || index >= plan.targets().size() || failed.size() >= plan.maxAttempts() || left() <= 0) {
        promise.tryComplete(new Outcome.Exhausted(List.copyOf(failed), lastReply));
        return;
      }
      retriesOnCurrent = 0;
      attempt(plan.targets().get(index), ++index);
    }

    /** After a failure: the same target again when a retry is allowed and fits the deadline, else the next. */
    void afterFailure(Binding target, int routeAttempt, Verdict verdict) {
      Plan plan = request.plan();
      if (!canceled && retriesOnCurrent < plan.retries() && failed.size() < plan.maxAttempts()
          && Backoff.transientFailure(verdict.failureClass())) {
        long delay = Backoff.delay(retriesOnCurrent + 1, verdict.retryAfterSeconds(), random);
        if (Duration.ofMillis(delay).toNanos() < left()) {
          retriesOnCurrent++;
          scheduler.schedule(delay, () -> {
            if (canceled) {
              promise.tryComplete(new Outcome.Exhausted(List.copyOf(failed), lastReply));
            } else {
              attempt(target, routeAttempt);
            }
          });
          return;
        }
      }
      next();
    }

    private void attempt(Binding target, int routeAttempt) {
      long started = System.nanoTime();
      UpstreamCall call = new UpstreamCall(request.requestId(), target.provider(), target.model(),
          request.body().endpoint(), request.body().forUpstream(target.model().upstreamModel()),
          request.body().stream(), target.timeouts(), Duration.ofNanos(Math.max(1, left())), new Cancellation());
      Attempt attempt = new Attempt(target, routeAttempt, started);
      cancelCurrent = call.cancellation()::cancel;
      stats.begin(target.model().id());
      upstreams.apply(target.provider().kind()).send(call).onComplete(ar -> {
        if (ar.failed()) {
          attempt.failed(Classifier.ofException(ar.cause()), 0, -1, null);
        } else {
          attempt.answered(ar.result());
        }
      });
    }

    /** One call to one target through to its verdict. */
    private final class Attempt {
      private final Binding target;
      private final int routeAttempt;
      private final long started;

      Attempt(Binding target, int routeAttempt, long started) {
        this.target = target;
        this.routeAttempt = routeAttempt;
        this.started = started;
      }

      void answered(Reply reply) {
        long ttfb = reply.ttfbNanos() / 1_000_000;
        stats.sampleTtfb(target.model().id(), ttfb);
        Verdict verdict = Classifier.ofStatus(reply.status(), reply.headers(), reply.body());
        if (!verdict.ok()) {
          if (verdict.failureClass().failsOver()) {
            failed(verdict, reply.status(), ttfb, reply);
          } else {
            stats.end(target.model().id());
            promise.tryComplete(new Outcome.Answered(List.copyOf(failed), log(verdict, reply.status(), ttfb),
                reply, null));
          }
          return;
        }
        if (reply.streaming()) {
          awaitFirstEvent(reply, ttfb);
          return;
        }
        OpenAiResponse rewritten;
        try {
          rewritten = OpenAiResponse.rewrite(reply.body().getBytes(), request.body().model());
        } catch (JsonScan.MalformedJson e) {
          failed(Classifier.badAnswer("200 with a body that is not JSON"), reply.status(), ttfb, null);
          return;
        }
        if (rewritten.error()) {
          failed(Classifier.badAnswer("200 with an error object"), reply.status(), ttfb, null);
          return;
        }
        stats.end(target.model().id());
        health.success(request.plan().key(target), request.plan().health());
        promise.tryComplete(new Outcome.Answered(List.copyOf(failed), log(Verdict.OK, reply.status(), ttfb),
            reply, rewritten));
      }

      private void awaitFirstEvent(Reply reply, long ttfb) {
        CommittedStream stream = new CommittedStream(reply.events(), brokenReason -> {
          stats.end(target.model().id());
          if (brokenReason != null) {
            health.failure(request.plan().key(target), new Failure(brokenReason, -1, false),
                request.plan().health());
          }
        });
        stream.open(
            event -> {
              if (event.isComment()) {
                return;
              }
              if (isError(event)) {
                stream.cancel();
                failed(Classifier.badAnswer("200 then an error event"), 200, ttfb, null);
                return;
              }
              stream.commit();
              health.success(request.plan().key(target), request.plan().health());
              promise.tryComplete(new Outcome.Streaming(List.copyOf(failed), target, routeAttempt, reply, stream,
                  started, event));
            },
            () -> failed(Classifier.badAnswer("200 then a stream with no event"), 200, ttfb, null),
            e -> failed(Classifier.ofException(e), 200, ttfb, null));
      }

      void failed(Verdict verdict, int status, long ttfb, Reply reply) {
        stats.end(target.model().id());
        if (verdict.failureClass() == FailureClass.CANCELED || canceled) {
          promise.tryComplete(new Outcome.Canceled(List.copyOf(failed), log(verdict, status, ttfb)));
          return;
        }
        if (verdict.failureClass() == FailureClass.CREDENTIAL) {
          LOG.warn("provider '{}' refused the gateway's credential ({}); check its api_key", target.provider().name(),
              verdict.reason());
        }
        if (verdict.failureClass().countsAgainstTarget()) {
          health.failure(request.plan().key(target), new Failure(verdict.reason(), verdict.retryAfterSeconds(),
              verdict.failureClass() == FailureClass.CREDENTIAL), request.plan().health());
        }
        lastReply = reply;
        failed.add(log(verdict, status, ttfb));
        afterFailure(target, routeAttempt, verdict);
      }

      private AttemptLog log(Verdict verdict, int status, long ttfb) {
        return new AttemptLog(target, routeAttempt, verdict, status,
            (System.nanoTime() - started) / 1_000_000, ttfb);
      }
    }

    private static boolean isError(SseEvent event) {
      if (event.namedError() || event.isDone()) {
        return true; // [DONE] before any content is an empty stream, not an answer
      }
      try {
        byte[] data = event.dataBytes();
        JsonScan.Field error = JsonScan.scan(data, 0, data.length, Set.of("error"), Set.of()).field("error");
        return error != null && !error.isNull();
      } catch (JsonScan.MalformedJson e) {
        return true;
      }
    }
  }
}
