package dev.switchboard.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.upstream.UpstreamException;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.InputStream;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** DESIGN §4.1 against real provider error bodies (src/test/resources/upstream-errors, see its README). */
@Timeout(10)
class ClassifierTest {

  private static final Map<UpstreamException.Kind, FailureClass> BY_KIND =
      new EnumMap<>(UpstreamException.Kind.class);

  static {
    BY_KIND.put(UpstreamException.Kind.CONNECT, FailureClass.UNREACHABLE);
    BY_KIND.put(UpstreamException.Kind.BROKEN, FailureClass.UNREACHABLE);
    BY_KIND.put(UpstreamException.Kind.TIMEOUT_CONNECT, FailureClass.TIMEOUT);
    BY_KIND.put(UpstreamException.Kind.TIMEOUT_FIRST_BYTE, FailureClass.TIMEOUT);
    BY_KIND.put(UpstreamException.Kind.TIMEOUT_IDLE, FailureClass.TIMEOUT);
    BY_KIND.put(UpstreamException.Kind.TIMEOUT_TOTAL, FailureClass.TIMEOUT);
    BY_KIND.put(UpstreamException.Kind.CREDENTIAL, FailureClass.CREDENTIAL);
    BY_KIND.put(UpstreamException.Kind.CANCELED, FailureClass.CANCELED);
  }

  @ParameterizedTest(name = "{0} with http {1} is {3}")
  @CsvFileSource(resources = "/upstream-errors/cases.csv", numLinesToSkip = 1)
  void capturedErrorBody_isClassifiedPerDesign(
      String file, int status, Long retryAfter, FailureClass expected) throws IOException {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap();
    if (retryAfter != null) {
      headers.add("Retry-After", retryAfter.toString());
    }

    Verdict verdict = Classifier.ofStatus(status, headers, Buffer.buffer(body(file)));

    assertEquals(expected, verdict.failureClass(), () -> file + " -> " + verdict.reason());
    assertEquals(retryAfter == null ? -1 : retryAfter, verdict.retryAfterSeconds(), "retryAfterSeconds");
    assertNotNull(verdict.reason(), "a failure carries a reason for the log line");
  }

  @ParameterizedTest
  @ValueSource(ints = {200, 201, 204, 299})
  void success_isOk(int status) {
    Verdict verdict = Classifier.ofStatus(status, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer("{}"));

    assertTrue(verdict.ok());
    assertEquals(FailureClass.OK, verdict.failureClass());
  }

  @ParameterizedTest
  @EnumSource(UpstreamException.Kind.class)
  void transportFailure_isClassifiedByKind(UpstreamException.Kind kind) {
    FailureClass expected = BY_KIND.get(kind);
    assertNotNull(expected, () -> "no expected class for new kind " + kind + "; add it to BY_KIND per DESIGN §4.1");

    Verdict verdict = Classifier.ofException(new UpstreamException(kind, "x"));

    assertEquals(expected, verdict.failureClass());
    assertEquals(-1, verdict.retryAfterSeconds());
  }

  @Test
  void unknownThrowable_isUnreachable() {
    Verdict verdict = Classifier.ofException(new IllegalStateException("connection reset"));

    assertEquals(FailureClass.UNREACHABLE, verdict.failureClass());
  }

  @Test
  void retryAfterAsHttpDate_isTreatedAsAbsent() {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("retry-after", "Wed, 21 Oct 2015 07:28:00 GMT");

    Verdict verdict = Classifier.ofStatus(503, headers, Buffer.buffer());

    assertEquals(FailureClass.UPSTREAM_ERROR, verdict.failureClass());
    assertEquals(-1, verdict.retryAfterSeconds());
  }

  @Test
  void badRequestWithEmptyBody_isClientError() {
    Verdict verdict = Classifier.ofStatus(400, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer());

    assertEquals(FailureClass.CLIENT_ERROR, verdict.failureClass());
  }

  @Test
  void clientError_neverFailsOver() {
    assertFalse(FailureClass.CLIENT_ERROR.failsOver());
    assertFalse(FailureClass.CLIENT_ERROR.countsAgainstTarget());
  }

  @ParameterizedTest(name = "{0}: failsOver={1} countsAgainstTarget={2}")
  @CsvSource({
    "OK,             false, false",
    "RATE_LIMITED,   true,  true",
    "UPSTREAM_ERROR, true,  true",
    "CREDENTIAL,     true,  true",
    "BAD_ANSWER,     true,  true",
    "UNREACHABLE,    true,  true",
    "TIMEOUT,        true,  true",
    "CLIENT_ERROR,   false, false",
    "CANCELED,       false, false",
    "TRUNCATED,      false, true",
  })
  void failureClass_failsOverAndCountsPerDesign(
      FailureClass failureClass, boolean failsOver, boolean countsAgainstTarget) {
    assertEquals(failsOver, failureClass.failsOver(), "failsOver");
    assertEquals(countsAgainstTarget, failureClass.countsAgainstTarget(), "countsAgainstTarget");
  }

  @Test
  void everyFailureClass_isCoveredByTheDesignTable() {
    // Guards the @CsvSource above: a new class must get a row stating its DESIGN behaviour.
    assertEquals(10, FailureClass.values().length, "add a row to failureClass_failsOverAndCountsPerDesign");
  }

  private static byte[] body(String file) throws IOException {
    try (InputStream in = ClassifierTest.class.getResourceAsStream("/upstream-errors/" + file)) {
      assertNotNull(in, () -> "missing captured body " + file);
      return in.readAllBytes();
    }
  }
}
