package dev.switchboard.protocol;

import com.fasterxml.jackson.core.JsonToken;
import io.vertx.core.buffer.Buffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A validated OpenAI-style inference request, kept as the caller's bytes.
 *
 * <p>Validation stops at what the gateway itself relies on (the JSON, {@code model}, {@code stream}, the
 * endpoint's required field, fields that would redirect the call); everything else is the upstream's to judge.
 */
public final class OpenAiRequest {

  private static final Set<String> WANTED =
      Set.of("model", "stream", "stream_options", "messages", "prompt", "input", "api_base", "base_url",
          "api_key", "prompt_cache_key", "user");
  private static final Set<String> NESTED = Set.of("stream_options");
  private static final Set<String> REDIRECTING = Set.of("api_base", "base_url", "api_key");
  private static final byte[] INCLUDE_USAGE = Bytes.utf8("\"stream_options\":{\"include_usage\":true},");

  private final Endpoint endpoint;
  private final byte[] body;
  private final JsonScan.Result scan;
  private final String model;
  private final boolean stream;
  private final boolean callerWantsUsage;

  private OpenAiRequest(Endpoint endpoint, byte[] body, JsonScan.Result scan) {
    this.endpoint = endpoint;
    this.body = body;
    this.scan = scan;
    this.model = scan.field("model").text();
    JsonScan.Field s = scan.field("stream");
    this.stream = s != null && s.isTrue();
    JsonScan.Field opts = scan.field("stream_options");
    this.callerWantsUsage =
        opts != null && opts.members() != null && Boolean.TRUE.equals(opts.members().get("include_usage"));
  }

  public static OpenAiRequest parse(Endpoint endpoint, byte[] body) throws InvalidRequest {
    JsonScan.Result scan;
    try {
      scan = JsonScan.scan(body, 0, body.length, WANTED, NESTED);
    } catch (JsonScan.MalformedJson e) {
      throw new InvalidRequest(
          "The request body is not valid JSON: " + e.getMessage(), null, "invalid_json");
    }
    if (!scan.object()) {
      throw new InvalidRequest("The request body must be a JSON object.", null, "invalid_json");
    }
    for (String f : REDIRECTING) {
      if (scan.has(f)) {
        throw new InvalidRequest(
            "The field '" + f + "' is not accepted: upstream endpoints and credentials are set by the gateway.",
            f, "unsupported_parameter");
      }
    }
    JsonScan.Field model = scan.field("model");
    if (model == null || model.isNull()) {
      throw new InvalidRequest("You must provide a model parameter.", "model", "missing_required_parameter");
    }
    if (!model.isString() || model.text().isBlank()) {
      throw new InvalidRequest("'model' must be a non-empty string.", "model", "invalid_type");
    }
    JsonScan.Field stream = scan.field("stream");
    if (stream != null && !stream.isNull() && stream.token() != JsonToken.VALUE_TRUE
        && stream.token() != JsonToken.VALUE_FALSE) {
      throw new InvalidRequest("'stream' must be a boolean.", "stream", "invalid_type");
    }
    if (stream != null && stream.isTrue() && !endpoint.streams()) {
      throw new InvalidRequest("This endpoint does not stream.", "stream", "unsupported_parameter");
    }
    JsonScan.Field opts = scan.field("stream_options");
    if (opts != null && !opts.isNull() && opts.token() != JsonToken.START_OBJECT) {
      throw new InvalidRequest("'stream_options' must be an object.", "stream_options", "invalid_type");
    }
    requireField(endpoint, scan.field(endpoint.requiredField()));
    return new OpenAiRequest(endpoint, body, scan);
  }

  private static void requireField(Endpoint endpoint, JsonScan.Field f) throws InvalidRequest {
    String name = endpoint.requiredField();
    if (f == null || f.isNull()) {
      throw new InvalidRequest(
          "Missing required parameter: '" + name + "'.", name, "missing_required_parameter");
    }
    boolean ok =
        switch (endpoint) {
          case CHAT -> f.token() == JsonToken.START_ARRAY;
          case COMPLETIONS, EMBEDDINGS -> f.isString() || f.token() == JsonToken.START_ARRAY;
        };
    if (!ok) {
      String expected = endpoint == Endpoint.CHAT ? "an array" : "a string or an array";
      throw new InvalidRequest("'" + name + "' must be " + expected + ".", name, "invalid_type");
    }
  }

  public Endpoint endpoint() {
    return endpoint;
  }

  /** The name the caller asked for. */
  public String model() {
    return model;
  }

  public boolean stream() {
    return stream;
  }

  /** True when the caller itself asked for the final usage chunk of a stream. */
  public boolean callerWantsUsage() {
    return callerWantsUsage;
  }

  /** The body's session hint: {@code prompt_cache_key}, else {@code user}, when either is a non-empty string. */
  public String sessionField() {
    for (String f : new String[] {"prompt_cache_key", "user"}) {
      JsonScan.Field v = scan.field(f);
      if (v != null && v.isString() && !v.text().isEmpty()) {
        return v.text();
      }
    }
    return null;
  }

  public int size() {
    return body.length;
  }

  /**
   * The bytes to send upstream: the caller's body with {@code model} replaced and, for streams, the final
   * usage chunk requested so the ledger can count tokens.
   */
  public Buffer forUpstream(String upstreamModel) {
    List<Edit> edits = new ArrayList<>(2);
    JsonScan.Field m = scan.field("model");
    edits.add(new Edit(m.start(), m.end(), Bytes.quoted(upstreamModel)));
    if (stream && !callerWantsUsage) {
      JsonScan.Field opts = scan.field("stream_options");
      if (opts == null) {
        edits.add(new Edit(scan.openBrace() + 1, scan.openBrace() + 1, INCLUDE_USAGE));
      } else {
        edits.add(new Edit(opts.start(), opts.end(), withUsage(opts.members())));
      }
    }
    edits.sort(Comparator.comparingInt(Edit::start));
    Buffer out = Buffer.buffer(body.length + 64);
    int at = 0;
    for (Edit e : edits) {
      out.appendBytes(body, at, e.start - at).appendBytes(e.bytes);
      at = e.end;
    }
    return out.appendBytes(body, at, body.length - at);
  }

  private static byte[] withUsage(Map<String, Object> members) {
    StringBuilder sb = new StringBuilder("{\"include_usage\":true");
    if (members != null) {
      for (Map.Entry<String, Object> e : members.entrySet()) {
        Object v = e.getValue();
        if (e.getKey().equals("include_usage") || v instanceof JsonToken) {
          continue; // nested structures are not part of stream_options today
        }
        sb.append(',').append(new String(Bytes.quoted(e.getKey()), java.nio.charset.StandardCharsets.UTF_8))
            .append(':');
        sb.append(v instanceof String s
            ? new String(Bytes.quoted(s), java.nio.charset.StandardCharsets.UTF_8)
            : String.valueOf(v));
      }
    }
    return Bytes.utf8(sb.append('}').toString());
  }

  private record Edit(int start, int end, byte[] bytes) {}
}
