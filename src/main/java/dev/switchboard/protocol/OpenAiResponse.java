package dev.switchboard.protocol;

import com.fasterxml.jackson.core.JsonToken;
import io.vertx.core.buffer.Buffer;
import java.util.Set;

/**
 * An upstream's JSON answer (a whole body or one stream chunk) with {@code model} set back to the name the
 * caller used, and what the gateway needs to know about it.
 *
 * @param body the bytes to relay
 * @param usage tokens reported in this document
 * @param error true when the document is an error object rather than a result
 * @param usageOnly true for a stream's final usage chunk (no choices, only usage)
 */
public record OpenAiResponse(Buffer body, Usage usage, boolean error, boolean usageOnly) {

  private static final Set<String> WANTED = Set.of("model", "usage", "error", "choices", "data", "object");
  private static final Set<String> NESTED = Set.of("usage");

  public static OpenAiResponse rewrite(byte[] doc, String callerModel) throws JsonScan.MalformedJson {
    JsonScan.Result scan = JsonScan.scan(doc, 0, doc.length, WANTED, NESTED);
    if (!scan.object()) {
      throw new JsonScan.MalformedJson("the answer is not a JSON object");
    }
    JsonScan.Field usageField = scan.field("usage");
    Usage usage = usageField != null && usageField.token() == JsonToken.START_OBJECT
        ? Usage.of(usageField) : Usage.NONE;
    boolean error = scan.field("error") != null && !scan.field("error").isNull()
        && !scan.has("choices") && !scan.has("data");
    JsonScan.Field choices = scan.field("choices");
    boolean usageOnly = usage.known() && choices != null && isEmptyArray(doc, choices);
    JsonScan.Field model = scan.field("model");
    Buffer body = model != null && model.isString()
        ? Bytes.splice(doc, model.start(), model.end(), Bytes.quoted(callerModel))
        : Buffer.buffer(doc);
    return new OpenAiResponse(body, usage, error, usageOnly);
  }

  private static boolean isEmptyArray(byte[] doc, JsonScan.Field f) {
    if (f.token() != JsonToken.START_ARRAY) {
      return false;
    }
    for (int i = f.start() + 1; i < f.end() - 1; i++) {
      if (!Character.isWhitespace(doc[i])) {
        return false;
      }
    }
    return true;
  }
}
