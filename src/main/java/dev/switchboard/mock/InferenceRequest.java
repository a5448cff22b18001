package dev.switchboard.mock;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The parts of an inference request the mock reads; the prompt is measured in whitespace-separated
 * words, a deterministic stand-in for tokens.
 */
record InferenceRequest(
    Endpoint endpoint,
    String model,
    boolean stream,
    boolean includeUsage,
    int promptTokens,
    List<String> inputs) {

  /** Reads a request body, or throws {@link IllegalArgumentException} saying what is wrong. */
  static InferenceRequest parse(Endpoint endpoint, JsonObject body) {
    if (body == null) {
      throw new IllegalArgumentException("request body must be a JSON object");
    }
    if (!(body.getValue("model") instanceof String model) || model.isBlank()) {
      throw new IllegalArgumentException("'model' is required");
    }
    // Embeddings have no streaming form; a stray flag must not turn the answer into SSE.
    boolean stream =
        endpoint != Endpoint.EMBEDDINGS && Boolean.TRUE.equals(body.getValue("stream"));
    boolean includeUsage =
        stream
            && body.getValue("stream_options") instanceof JsonObject options
            && Boolean.TRUE.equals(options.getValue("include_usage"));
    List<String> inputs = new ArrayList<>();
    switch (endpoint) {
      case CHAT -> {
        if (!(body.getValue("messages") instanceof JsonArray messages) || messages.isEmpty()) {
          throw new IllegalArgumentException("'messages' must be a non-empty array");
        }
        for (Object message : messages) {
          if (message instanceof JsonObject m) {
            collectText(m.getValue("content"), inputs);
          }
        }
      }
      case COMPLETIONS -> collectText(required(body, "prompt"), inputs);
      case EMBEDDINGS -> {
        Object input = required(body, "input");
        if (input instanceof JsonArray array
            && !array.isEmpty()
            && !(array.getValue(0) instanceof Number)) {
          // A list of inputs, one embedding each; a bare list of numbers is one tokenised input.
          for (Object item : array) {
            inputs.add(textOf(item));
          }
        } else {
          inputs.add(textOf(input));
        }
      }
    }
    return new InferenceRequest(endpoint, model, stream, includeUsage, countWords(inputs), inputs);
  }

  private static Object required(JsonObject body, String field) {
    Object value = body.getValue(field);
    if (value == null) {
      throw new IllegalArgumentException("'" + field + "' is required");
    }
    return value;
  }

  /** Gathers text from a string, an array of strings, or an array of content parts. */
  private static void collectText(Object content, List<String> out) {
    if (content instanceof String text) {
      out.add(text);
    } else if (content instanceof JsonArray parts) {
      for (Object part : parts) {
        if (part instanceof JsonObject p && p.getValue("text") instanceof String text) {
          out.add(text);
        } else if (!(part instanceof JsonObject)) {
          out.add(textOf(part));
        }
      }
    }
  }

  private static String textOf(Object value) {
    return switch (value) {
      case String s -> s;
      // Token arrays count one word per token.
      case JsonArray a -> String.join(" ", a.stream().map(String::valueOf).toList());
      case null -> "";
      default -> String.valueOf(value);
    };
  }

  static int countWords(List<String> texts) {
    int words = 0;
    for (String text : texts) {
      String trimmed = text.strip();
      if (!trimmed.isEmpty()) {
        words += trimmed.split("\\s+").length;
      }
    }
    return Math.max(1, words);
  }
}
