package dev.switchboard.store;

import static dev.switchboard.store.Fixtures.alias;
import static dev.switchboard.store.Fixtures.audit;
import static dev.switchboard.store.Fixtures.model;
import static dev.switchboard.store.Fixtures.provider;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.catalog.Model;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Two replicas (here: two stores on two pools) creating one name at once: the database lets exactly one win. */
@Timeout(60)
class NameRaceTest {
  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(Backend.class)
  void concurrentModelAndAliasWithOneName_exactlyOneWins(Backend backend) throws Exception {
    String url = backend.freshUrl(dir);
    try (Database one = Database.open(url);
        Database two = Database.open(url);
        ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      SecretBox box = SecretBox.ofKey(Fixtures.KEY_A);
      CatalogStore first = new CatalogStore(one, box);
      CatalogStore second = new CatalogStore(two, box);
      long pid = first.saveProvider(provider("primary", "sk"), audit("provider.create", "primary")).id();
      Model target = first.saveModel(model("target", pid), audit("model.create", "target"));

      CountDownLatch start = new CountDownLatch(1);
      AtomicInteger duplicates = new AtomicInteger();
      List<Future<?>> tasks = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        CatalogStore store = i % 2 == 0 ? first : second;
        boolean asAlias = i % 4 < 2;
        tasks.add(
            pool.submit(
                () -> {
                  start.await();
                  try {
                    if (asAlias) {
                      store.saveAlias(alias("contested", target), audit("alias.create", "contested"));
                    } else {
                      store.saveModel(model("contested", pid), audit("model.create", "contested"));
                    }
                  } catch (DuplicateNameException e) {
                    duplicates.incrementAndGet();
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> t : tasks) {
        t.get();
      }

      assertEquals(7, duplicates.get());
      CatalogRows rows = first.load();
      long named = rows.models().stream().filter(m -> m.name().equals("contested")).count()
          + rows.aliases().stream().filter(a -> a.name().equals("contested")).count();
      assertEquals(1, named);
      assertEquals(3, Fixtures.count(one, "audit_event"));
    }
  }
}
