package dev.switchboard.routing;

import dev.switchboard.upstream.UpstreamException;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * All knowledge of upstream errors (DESIGN §4.1): an answer or a transport failure in, a {@link Verdict}
 * out. Each rule carries its reason beside it.
 */
public final class Classifier {

  /**
   * Phrases in a 400/403 body that say the refusal is about our account, not the request. Phrases rather than
   * bare words: providers echo caller-chosen names (a schema called "account_balance") inside their errors.
   */
  private static final Pattern ACCOUNT_WORDS = Pattern.compile(
      "api[ _-]?key|authenticat|unauthori[sz]ed|invalid[ _-]?(?:subscription[ _-]?)?key|\\bbilling\\b"
          + "|\\bquota\\b|insufficient[ _-]?(?:account[ _-]?|paid[ _-]?)?(?:balance|credits?|funds)"
          + "|balance[^\"]{0,40}(?:insufficient|too low)|credit balance|purchase (?:more )?credits"
          + "|arrearage|overdue|good standing|top[ _-]?up|payment[ _-]?required",
      Pattern.CASE_INSENSITIVE);

  /** A 403 that says our key may not use the resource (Anthropic's {@code permission_error}). */
  private static final Pattern PERMISSION = Pattern.compile("permission_error|permission[ _-]?denied",
      Pattern.CASE_INSENSITIVE);

  private Classifier() {}

  /** Classifies an HTTP answer by status and, where the status is ambiguous, by body. */
  public static Verdict ofStatus(int status, MultiMap headers, Buffer body) {
    long retryAfter = retryAfter(headers);
    if (status >= 200 && status < 300) {
      return Verdict.OK;
    }
    if (status == 429) {
      // Refuses our key or quota, not the request: another target may have room.
      return new Verdict(FailureClass.RATE_LIMITED, "http 429", retryAfter);
    }
    if (status == 408) {
      // The upstream timed out waiting for us; a retry elsewhere is the right answer.
      return new Verdict(FailureClass.UPSTREAM_ERROR, "http 408", retryAfter);
    }
    if (status >= 500) {
      // 5xx incl. 529 is capacity across all callers, not our key: another target may have room.
      return new Verdict(FailureClass.UPSTREAM_ERROR, "http " + status, retryAfter);
    }
    if (status == 401 || status == 402) {
      // Our credential or our account: the request is fine, this provider won't take it from us.
      return new Verdict(FailureClass.CREDENTIAL, "http " + status + " credential", retryAfter);
    }
    if ((status == 400 || status == 403) && !namesCallerParam(body)) {
      String text = head(body);
      if (ACCOUNT_WORDS.matcher(text).find()) {
        // Some providers say "insufficient balance" or "invalid api key" with 400/403.
        return new Verdict(FailureClass.CREDENTIAL, "http " + status + " account", retryAfter);
      }
      if (status == 403 && PERMISSION.matcher(text).find()) {
        // Our key lacks permission for the model: another provider's key may have it.
        return new Verdict(FailureClass.CREDENTIAL, "http 403 permission", retryAfter);
      }
    }
    // 400, 403 about content, 404, 413, 422 …: another target would refuse the same request.
    return new Verdict(FailureClass.CLIENT_ERROR, "http " + status, retryAfter);
  }

  /** Classifies a failure that produced no HTTP answer. */
  public static Verdict ofException(Throwable t) {
    if (t instanceof UpstreamException u) {
      return switch (u.kind()) {
        case CONNECT, BROKEN -> new Verdict(FailureClass.UNREACHABLE, u.getMessage(), -1);
        case TIMEOUT_CONNECT -> new Verdict(FailureClass.TIMEOUT, "connect timeout", -1);
        case TIMEOUT_FIRST_BYTE -> new Verdict(FailureClass.TIMEOUT, "first byte timeout", -1);
        case TIMEOUT_IDLE -> new Verdict(FailureClass.TIMEOUT, "idle timeout", -1);
        case TIMEOUT_TOTAL -> new Verdict(FailureClass.TIMEOUT, "total timeout", -1);
        case CREDENTIAL -> new Verdict(FailureClass.CREDENTIAL, "credential unreadable", -1);
        case CANCELED -> new Verdict(FailureClass.CANCELED, "caller went away", -1);
      };
    }
    return new Verdict(FailureClass.UNREACHABLE, String.valueOf(t.getMessage()), -1);
  }

  /** A 200 whose content is not a result: error-first event, empty stream, not JSON, an error object. */
  public static Verdict badAnswer(String what) {
    return new Verdict(FailureClass.BAD_ANSWER, what, -1);
  }

  private static String head(Buffer body) {
    if (body == null || body.length() == 0) {
      return "";
    }
    return (body.length() > 8192 ? body.getString(0, 8192) : body.toString()).toLowerCase(Locale.ROOT);
  }

  /** An OpenAI-shaped error naming the caller's parameter is about the request, whatever words it echoes. */
  private static boolean namesCallerParam(Buffer body) {
    if (body == null || body.length() == 0 || body.length() > 65536) {
      return false;
    }
    try {
      Object error = new JsonObject(body).getValue("error");
      return error instanceof JsonObject e && e.getValue("param") instanceof String p && !p.isBlank();
    } catch (RuntimeException notJson) {
      return false;
    }
  }

  private static long retryAfter(MultiMap headers) {
    String v = headers == null ? null : headers.get("retry-after");
    if (v == null) {
      return -1;
    }
    try {
      return Math.max(0, Long.parseLong(v.trim()));
    } catch (NumberFormatException e) {
      return -1; // an HTTP-date Retry-After is rare from LLM providers; treated as absent
    }
  }
}
