package dev.switchboard.admin;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Runs blocking work (JDBC) on a virtual thread and completes on the caller's event-loop context. */
final class Blocking {

  private static final ExecutorService VIRTUAL = Executors.newVirtualThreadPerTaskExecutor();

  private Blocking() {}

  static <T> Future<T> run(Context context, Callable<T> work) {
    Promise<T> promise = Promise.promise();
    VIRTUAL.execute(() -> {
      try {
        T value = work.call();
        context.runOnContext(v -> promise.complete(value));
      } catch (Throwable t) {
        context.runOnContext(v -> promise.fail(t));
      }
    });
    return promise.future();
  }
}
