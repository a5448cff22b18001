package dev.switchboard.catalog;

import java.util.ArrayList;
import java.util.List;

/**
 * What a model can do, as shown on its card; {@code null} means unknown.
 *
 * @param modalities input/output kinds such as {@code text}, {@code image}
 * @param features such as {@code tools}, {@code json_mode}, {@code vision}
 */
public record Capabilities(Integer contextWindow, Integer maxOutputTokens, List<String> modalities,
    List<String> features) {

  public static final Capabilities UNKNOWN = new Capabilities(null, null, null, null);

  public Capabilities {
    modalities = modalities == null ? null : List.copyOf(modalities);
    features = features == null ? null : List.copyOf(features);
  }

  /** What both can do: the smaller limits and the common modalities and features. */
  public Capabilities intersect(Capabilities o) {
    return new Capabilities(min(contextWindow, o.contextWindow), min(maxOutputTokens, o.maxOutputTokens),
        common(modalities, o.modalities), common(features, o.features));
  }

  private static Integer min(Integer a, Integer b) {
    return a == null || b == null ? null : Math.min(a, b);
  }

  private static List<String> common(List<String> a, List<String> b) {
    if (a == null || b == null) {
      return null;
    }
    List<String> out = new ArrayList<>(a);
    out.retainAll(b);
    return out;
  }
}
