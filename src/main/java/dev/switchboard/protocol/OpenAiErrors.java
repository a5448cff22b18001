package dev.switchboard.protocol;

import io.vertx.core.json.JsonObject;

/** The OpenAI error shape: {@code {"error":{"message","type","code","param"}}}. */
public final class OpenAiErrors {

  private OpenAiErrors() {}

  public static JsonObject body(String message, String type, String code, String param) {
    return new JsonObject()
        .put("error",
            new JsonObject().put("message", message).put("type", type).put("code", code).put("param", param));
  }
}
