package dev.switchboard.admin;

import dev.switchboard.catalog.ApiKey;
import dev.switchboard.catalog.Catalog;
import dev.switchboard.config.CatalogFile;
import dev.switchboard.config.ConfigException;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/**
 * Applies a catalog file at start: each provider, model, alias and key is created, or updated when a row of
 * that name exists, through the same validation as the admin API; rows created this way are marked
 * {@code config}. The first refusal stops the start with the entry that caused it.
 */
public final class CatalogFileApplier {

  private static final String ACTOR = "config";

  private final CatalogEditor editor;

  public CatalogFileApplier(CatalogEditor editor) {
    this.editor = editor;
  }

  public void apply(CatalogFile file) {
    each("providers", file.providers(), p -> {
      editor.saveProvider(editor.catalog().provider(name(p)).orElse(null), p, ACTOR, ACTOR);
      return null;
    });
    each("models", file.models(), m -> {
      Catalog c = editor.catalog();
      editor.saveModel(c.model(name(m)).orElse(null), m, ACTOR, ACTOR);
      return null;
    });
    each("aliases", file.aliases(), a -> {
      editor.saveAlias(editor.catalog().alias(name(a)).orElse(null), a, ACTOR, ACTOR);
      return null;
    });
    List<ApiKey> keys = editor.keys();
    each("keys", file.keys(), k -> {
      ApiKey existing = keys.stream().filter(x -> x.name().equals(name(k))).findFirst().orElse(null);
      editor.saveKey(existing, k, ACTOR, ACTOR);
      return null;
    });
  }

  private static String name(JsonObject entry) {
    return entry.getValue("name") instanceof String s ? s : "";
  }

  private static void each(String section, List<JsonObject> entries, Function<JsonObject, Void> action) {
    for (int i = 0; i < entries.size(); i++) {
      try {
        action.apply(entries.get(i));
      } catch (AdminError e) {
        throw new ConfigException("catalog file " + section + "[" + i + "] ('" + name(entries.get(i)) + "'): "
            + e.getMessage() + " (" + e.code() + ")");
      } catch (CatalogEditor.InUse e) {
        throw new ConfigException("catalog file " + section + "[" + i + "]: " + e.getMessage());
      }
    }
  }
}
