package dev.switchboard.admin;

import dev.switchboard.catalog.Capabilities;
import dev.switchboard.catalog.Prices;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** A model's prices and capabilities as the admin API reads and shows them. */
final class ModelRules {

  private static final Set<String> PRICE_FIELDS =
      Set.of("input_per_million", "output_per_million", "per_image", "currency");
  private static final Set<String> CAPABILITY_FIELDS =
      Set.of("context_window", "max_output_tokens", "modalities", "features");

  private ModelRules() {}

  static Prices prices(JsonObject o) {
    if (o == null) {
      return Prices.NONE;
    }
    Fields f = new Fields(o, PRICE_FIELDS);
    String currency = f.string("currency", null);
    if (currency != null && !currency.matches("[A-Z]{3}")) {
      throw AdminError.bad("invalid_value", "'prices.currency' must be a three-letter code such as USD.",
          "prices.currency");
    }
    return new Prices(price(o, "input_per_million"), price(o, "output_per_million"), price(o, "per_image"),
        currency);
  }

  private static Double price(JsonObject o, String f) {
    Object v = o.getValue(f);
    if (v == null) {
      return null;
    }
    if (!(v instanceof Number n) || n.doubleValue() < 0 || Double.isNaN(n.doubleValue())
        || Double.isInfinite(n.doubleValue())) {
      throw AdminError.bad("invalid_value", "'prices." + f + "' must be a number ≥ 0.", "prices." + f);
    }
    return n.doubleValue();
  }

  static Capabilities capabilities(JsonObject o) {
    if (o == null) {
      return Capabilities.UNKNOWN;
    }
    Fields f = new Fields(o, CAPABILITY_FIELDS);
    Integer context = f.has("context_window") ? f.integer("context_window", 0, 1, Integer.MAX_VALUE) : null;
    Integer output = f.has("max_output_tokens") ? f.integer("max_output_tokens", 0, 1, Integer.MAX_VALUE) : null;
    return new Capabilities(context, output, strings(f.array("modalities"), "modalities"),
        strings(f.array("features"), "features"));
  }

  private static List<String> strings(JsonArray a, String f) {
    if (a == null) {
      return null;
    }
    List<String> out = new ArrayList<>();
    for (Object v : a) {
      if (!(v instanceof String s) || s.isBlank()) {
        throw AdminError.bad("invalid_type", "'capabilities." + f + "' must be a list of strings.",
            "capabilities." + f);
      }
      out.add(Fields.noLineBreaks("capabilities." + f, s));
    }
    return out;
  }

  static JsonObject pricesJson(Prices p) {
    return new JsonObject().put("input_per_million", p.inputPerMillion()).put("output_per_million",
        p.outputPerMillion()).put("per_image", p.perImage()).put("currency", p.currencyOrDefault());
  }

  static JsonObject capabilitiesJson(Capabilities c) {
    return new JsonObject().put("context_window", c.contextWindow()).put("max_output_tokens", c.maxOutputTokens())
        .put("modalities", c.modalities() == null ? null : new JsonArray(c.modalities()))
        .put("features", c.features() == null ? null : new JsonArray(c.features()));
  }
}
