package dev.switchboard.api;

import dev.switchboard.protocol.OpenAiErrors;
import io.vertx.core.json.JsonObject;
import org.slf4j.event.Level;

/** The one place that turns a {@link GatewayError} into an HTTP status, an OpenAI-shaped body and a log level. */
final class Errors {

  private Errors() {}

  record Rendered(int status, JsonObject body, Level level) {}

  static Rendered render(GatewayError error) {
    return switch (error) {
      case GatewayError.InvalidRequest e ->
          new Rendered(400, OpenAiErrors.body(e.message(), "invalid_request_error", e.code(), e.param()),
              Level.DEBUG);
      case GatewayError.Unauthorized e ->
          new Rendered(401, OpenAiErrors.body("Invalid or missing API key.", "invalid_request_error",
              "invalid_api_key", null), Level.DEBUG);
      case GatewayError.ModelNotFound e ->
          new Rendered(404, OpenAiErrors.body("The model '" + e.name() + "' does not exist or you do not have "
              + "access to it.", "invalid_request_error", "model_not_found", "model"), Level.DEBUG);
      case GatewayError.WrongEndpoint e ->
          new Rendered(400, OpenAiErrors.body("The model '" + e.name() + "' is a " + e.kind()
              + " model and is not served on this endpoint.", "invalid_request_error", "model_not_supported",
              "model"), Level.DEBUG);
      case GatewayError.AliasUnavailable e ->
          new Rendered(503, OpenAiErrors.body("The model alias '" + e.name() + "' has no available target.",
              "service_unavailable", "alias_unavailable", "model"), Level.INFO);
      case GatewayError.BodyTooLarge e ->
          new Rendered(413, OpenAiErrors.body("The request body is larger than the limit of " + e.limit()
              + " bytes.", "invalid_request_error", "request_too_large", null), Level.DEBUG);
      case GatewayError.NoRoute e ->
          new Rendered(404, OpenAiErrors.body("Unknown request URL: " + e.method() + " " + e.path() + ".",
              "invalid_request_error", "unknown_url", null), Level.DEBUG);
      case GatewayError.UpstreamFailed e -> upstream(e);
      case GatewayError.Internal e ->
          new Rendered(500, OpenAiErrors.body("Internal error: " + e.message(), "api_error", "internal_error",
              null), Level.ERROR);
    };
  }

  private static Rendered upstream(GatewayError.UpstreamFailed e) {
    if (e.last() == null) {
      return new Rendered(502, OpenAiErrors.body("No upstream attempt could be made.", "api_error",
          "upstream_unavailable", null), Level.WARN);
    }
    String what = e.last().reason();
    return switch (e.last().failureClass()) {
      case TIMEOUT -> new Rendered(504, OpenAiErrors.body("The upstream did not answer in time (" + what + ").",
          "timeout", "upstream_timeout", null), Level.WARN);
      case UNREACHABLE -> new Rendered(502, OpenAiErrors.body("The upstream could not be reached (" + what + ").",
          "api_error", "upstream_unreachable", null), Level.WARN);
      case CREDENTIAL -> new Rendered(502, OpenAiErrors.body("The upstream refused the gateway's credential ("
          + what + ").", "api_error", "upstream_credential", null), Level.WARN);
      default -> new Rendered(502, OpenAiErrors.body("The upstream answered with an error (" + what + ").",
          "api_error", "upstream_error", null), Level.WARN);
    };
  }
}
