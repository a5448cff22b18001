package dev.switchboard.routing;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.Binding;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * How an alias with two or more targets orders them per request (DESIGN §3). A rule is a stateless strategy;
 * {@link #selector} makes the stateful part (a counter, a random source) that lives as long as the alias.
 * Stickiness, pins and health are applied around a rule, never inside it.
 */
public enum Rule {
  FAILOVER,
  ROUND_ROBIN,
  WEIGHTED,
  LEAST_BUSY,
  CHEAPEST,
  LOWEST_LATENCY;

  /** Orders one request's available targets; the input is in listed order. */
  public interface Selector {
    List<Binding> order(List<Binding> listed);

    /** The order a request would get now, without taking a turn (for the route explanation). */
    default List<Binding> preview(List<Binding> listed) {
      return order(listed);
    }

    /** Why a target sits where it does, for the route explanation. */
    String why(Binding b, int place);
  }

  public static Rule of(String wire) {
    return "first_available".equals(wire) ? FAILOVER : valueOf(wire.toUpperCase(Locale.ROOT));
  }

  public Selector selector(Alias alias, TargetStats stats, RandomGenerator random) {
    return switch (this) {
      case FAILOVER -> listed("listed position");
      case ROUND_ROBIN -> roundRobin();
      case WEIGHTED -> weighted(random);
      case LEAST_BUSY -> sorted(Comparator.comparingInt(b -> stats.inFlight(b.model().id())),
          b -> stats.inFlight(b.model().id()) + " in flight");
      case CHEAPEST -> sorted(Comparator.comparingDouble(b -> price(alias, b)),
          b -> Double.isInfinite(price(alias, b)) ? "unpriced" : "list price " + price(alias, b));
      case LOWEST_LATENCY -> sorted(Comparator.comparingDouble(b -> Math.max(0, stats.ttfbMillis(b.model().id()))),
          b -> stats.ttfbMillis(b.model().id()) < 0 ? "no latency data yet"
              : "ttfb " + Math.round(stats.ttfbMillis(b.model().id())) + " ms");
    };
  }

  private static Selector listed(String label) {
    return new Selector() {
      @Override
      public List<Binding> order(List<Binding> listed) {
        return listed;
      }

      @Override
      public String why(Binding b, int place) {
        return label + " " + b.target().position();
      }
    };
  }

  private static Selector roundRobin() {
    AtomicLong counter = new AtomicLong();
    return new Selector() {
      @Override
      public List<Binding> order(List<Binding> listed) {
        int n = listed.size();
        if (n < 2) {
          return listed;
        }
        int start = (int) Math.floorMod(counter.getAndIncrement(), (long) n);
        List<Binding> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          out.add(listed.get((start + i) % n));
        }
        return out;
      }

      @Override
      public List<Binding> preview(List<Binding> listed) {
        long saved = counter.get();
        List<Binding> out = order(listed);
        counter.compareAndSet(saved + 1, saved);
        return out;
      }

      @Override
      public String why(Binding b, int place) {
        return "round robin, turn " + place;
      }
    };
  }

  /** Draws without replacement in proportion to weight: the fallback order has the same odds. */
  private static Selector weighted(RandomGenerator random) {
    return new Selector() {
      @Override
      public List<Binding> order(List<Binding> listed) {
        List<Binding> left = new ArrayList<>(listed);
        List<Binding> out = new ArrayList<>(listed.size());
        while (!left.isEmpty()) {
          long total = 0;
          for (Binding b : left) {
            total += b.target().weight();
          }
          long draw = random.nextLong(total);
          int i = 0;
          while (draw >= left.get(i).target().weight()) {
            draw -= left.get(i).target().weight();
            i++;
          }
          out.add(left.remove(i));
        }
        return out;
      }

      @Override
      public String why(Binding b, int place) {
        return "weight " + b.target().weight() + ", drawn " + place;
      }
    };
  }

  /** A stable sort: ties keep listed order. */
  private static Selector sorted(Comparator<Binding> by, java.util.function.Function<Binding, String> why) {
    return new Selector() {
      @Override
      public List<Binding> order(List<Binding> listed) {
        List<Binding> out = new ArrayList<>(listed);
        out.sort(by);
        return out;
      }

      @Override
      public String why(Binding b, int place) {
        return why.apply(b);
      }
    };
  }

  /**
   * The cheapest rule's score: input rate × input weight + output rate × output weight, or the per-image
   * rate; unpriced targets sort last. Prices are compared as listed (one currency is assumed).
   */
  static double price(Alias alias, Binding b) {
    var p = b.model().prices();
    if (p.inputPerMillion() != null || p.outputPerMillion() != null) {
      double in = p.inputPerMillion() == null ? 0 : p.inputPerMillion();
      double out = p.outputPerMillion() == null ? 0 : p.outputPerMillion();
      double wi = alias == null ? 1 : alias.inputPriceWeight();
      double wo = alias == null ? 1 : alias.outputPriceWeight();
      return in * wi + out * wo;
    }
    return p.perImage() != null ? p.perImage() : Double.POSITIVE_INFINITY;
  }
}
