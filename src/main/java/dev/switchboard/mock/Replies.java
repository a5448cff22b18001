package dev.switchboard.mock;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Builds the OpenAI-shaped bodies and SSE events of one answer; it holds no state of its own. */
final class Replies {
  static final Buffer DONE = Buffer.buffer("data: [DONE]\n\n");
  static final String MALFORMED = "<html>oops</html>";
  private static final int EMBEDDING_SIZE = 8;

  private final InferenceRequest request;
  private final String id;
  private final long created;
  private final List<String> pieces;

  Replies(InferenceRequest request, String id, long created, String content, int chunks) {
    this.request = request;
    this.id = id;
    this.created = created;
    this.pieces = split(content, chunks);
  }

  /** Splits text into {@code chunks} pieces of near-equal length (fewer if the text is shorter). */
  static List<String> split(String text, int chunks) {
    int count = Math.max(1, Math.min(chunks, text.length()));
    List<String> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(text.substring(i * text.length() / count, (i + 1) * text.length() / count));
    }
    return out;
  }

  List<String> pieces() {
    return pieces;
  }

  JsonObject usage() {
    int prompt = request.promptTokens();
    int completion = request.endpoint() == Endpoint.EMBEDDINGS ? 0 : pieces.size();
    JsonObject usage = new JsonObject().put("prompt_tokens", prompt);
    if (request.endpoint() != Endpoint.EMBEDDINGS) {
      usage.put("completion_tokens", completion);
    }
    return usage.put("total_tokens", prompt + completion);
  }

  /** The whole non-stream answer for the request's endpoint. */
  JsonObject body() {
    return switch (request.endpoint()) {
      case CHAT ->
          envelope(request.endpoint().object)
              .put(
                  "choices",
                  JsonArray.of(
                      choice("stop")
                          .put(
                              "message",
                              new JsonObject()
                                  .put("role", "assistant")
                                  .put("content", String.join("", pieces))
                                  .putNull("refusal"))))
              .put("usage", usage());
      case COMPLETIONS ->
          envelope(request.endpoint().object)
              .put("choices", JsonArray.of(choice("stop").put("text", String.join("", pieces))))
              .put("usage", usage());
      case EMBEDDINGS -> embeddings();
    };
  }

  /**
   * The SSE events of a stream: an opening event, then {@code contentEvents} content events (the
   * whole content when negative), and — when {@code complete} — the finish event, the usage event
   * if asked for, and {@code [DONE]}.
   */
  List<Buffer> streamEvents(int contentEvents, boolean complete) {
    List<Buffer> events = new ArrayList<>();
    if (request.endpoint() == Endpoint.CHAT) {
      events.add(event(chunk(new JsonObject().put("role", "assistant").put("content", ""), null)));
    }
    int limit = contentEvents < 0 ? pieces.size() : Math.min(contentEvents, pieces.size());
    for (String piece : pieces.subList(0, limit)) {
      events.add(event(chunk(new JsonObject().put("content", piece), null)));
    }
    if (complete) {
      events.add(event(chunk(new JsonObject(), "stop")));
      if (request.includeUsage()) {
        events.add(
            event(
                envelope(request.endpoint().chunkObject)
                    .put("choices", new JsonArray())
                    .put("usage", usage())));
      }
      events.add(DONE);
    }
    return events;
  }

  static Buffer event(JsonObject data) {
    return event(data.encode());
  }

  static Buffer event(String data) {
    return Buffer.buffer("data: " + data + "\n\n");
  }

  /** An OpenAI-shaped error object for an HTTP status. */
  static JsonObject error(int status, String message) {
    String type =
        switch (status) {
          case 400, 404, 413, 422 -> "invalid_request_error";
          case 401, 403 -> "authentication_error";
          case 429 -> "rate_limit_error";
          default -> status >= 500 ? "server_error" : "invalid_request_error";
        };
    String code =
        switch (status) {
          case 401 -> "invalid_api_key";
          case 404 -> "not_found";
          case 429 -> "rate_limit_exceeded";
          case 503 -> "service_unavailable";
          default -> status >= 500 ? "server_error" : "invalid_request";
        };
    return new JsonObject()
        .put(
            "error",
            new JsonObject()
                .put("message", message)
                .put("type", type)
                .putNull("param")
                .put("code", code));
  }

  private JsonObject chunk(JsonObject delta, String finishReason) {
    JsonObject choice = choice(finishReason);
    if (request.endpoint() == Endpoint.CHAT) {
      choice.put("delta", delta);
    } else {
      choice.put("text", delta.getString("content", ""));
    }
    return envelope(request.endpoint().chunkObject).put("choices", JsonArray.of(choice));
  }

  private JsonObject envelope(String object) {
    return new JsonObject()
        .put("id", id)
        .put("object", object)
        .put("created", created)
        .put("model", request.model());
  }

  private static JsonObject choice(String finishReason) {
    return new JsonObject().put("index", 0).putNull("logprobs").put("finish_reason", finishReason);
  }

  private JsonObject embeddings() {
    JsonArray data = new JsonArray();
    List<String> inputs = request.inputs();
    for (int i = 0; i < inputs.size(); i++) {
      // Seeded by the input so the same text always embeds to the same vector.
      SplittableRandom random = new SplittableRandom(inputs.get(i).hashCode());
      JsonArray vector = new JsonArray();
      for (int d = 0; d < EMBEDDING_SIZE; d++) {
        vector.add(Math.round(random.nextDouble(-1, 1) * 1e6) / 1e6);
      }
      data.add(
          new JsonObject().put("object", "embedding").put("index", i).put("embedding", vector));
    }
    return new JsonObject()
        .put("object", "list")
        .put("data", data)
        .put("model", request.model())
        .put("usage", usage());
  }
}
