package dev.switchboard.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(10)
class OpenAiRequestTest {

  private static OpenAiRequest parse(Endpoint e, String json) throws InvalidRequest {
    return OpenAiRequest.parse(e, json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void rewritesOnlyTheModelField() throws Exception {
    String body = "{ \"messages\" : [{\"role\":\"user\",\"content\":\"hi \\\"model\\\"\"}],\n"
        + "  \"model\" :  \"fast\" , \"temperature\": 0.5 }";
    OpenAiRequest r = parse(Endpoint.CHAT, body);
    assertEquals("fast", r.model());
    assertFalse(r.stream());
    String out = r.forUpstream("gpt-4o-\"mini\"").toString();
    assertEquals(body.replace("\"fast\"", "\"gpt-4o-\\\"mini\\\"\""), out);
  }

  @Test
  void streamAsksForUsageWhenCallerDidNot() throws Exception {
    OpenAiRequest r = parse(Endpoint.CHAT, "{\"model\":\"m\",\"stream\":true,\"messages\":[]}");
    assertTrue(r.stream());
    assertFalse(r.callerWantsUsage());
    JsonObject sent = new JsonObject(r.forUpstream("up"));
    assertEquals("up", sent.getString("model"));
    assertTrue(sent.getJsonObject("stream_options").getBoolean("include_usage"));
  }

  @Test
  void streamOptionsWithoutUsageAreExtended() throws Exception {
    OpenAiRequest r = parse(Endpoint.CHAT,
        "{\"stream_options\":{\"include_obfuscation\":false},\"model\":\"m\",\"stream\":true,\"messages\":[]}");
    JsonObject sent = new JsonObject(r.forUpstream("up"));
    assertTrue(sent.getJsonObject("stream_options").getBoolean("include_usage"));
    assertFalse(sent.getJsonObject("stream_options").getBoolean("include_obfuscation"));
  }

  @Test
  void callerUsageRequestIsKept() throws Exception {
    OpenAiRequest r = parse(Endpoint.CHAT,
        "{\"model\":\"m\",\"stream\":true,\"stream_options\":{\"include_usage\":true},\"messages\":[]}");
    assertTrue(r.callerWantsUsage());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{|invalid_json|",
      "[1,2]|invalid_json|",
      "{\"model\":\"m\"} x|invalid_json|",
      "{\"messages\":[]}|missing_required_parameter|model",
      "{\"model\":7,\"messages\":[]}|invalid_type|model",
      "{\"model\":\"\",\"messages\":[]}|invalid_type|model",
      "{\"model\":\"m\",\"stream\":\"yes\",\"messages\":[]}|invalid_type|stream",
      "{\"model\":\"m\"}|missing_required_parameter|messages",
      "{\"model\":\"m\",\"messages\":\"hi\"}|invalid_type|messages",
      "{\"model\":\"m\",\"messages\":[],\"api_base\":\"http://x\"}|unsupported_parameter|api_base",
      "{\"model\":\"m\",\"messages\":[],\"base_url\":\"http://x\"}|unsupported_parameter|base_url",
      "{\"model\":\"m\",\"messages\":[],\"api_key\":\"k\"}|unsupported_parameter|api_key",
      "{\"model\":\"m\",\"messages\":[],\"stream_options\":3}|invalid_type|stream_options",
  })
  void refusesBadChatBodies(String body, String code, String param) {
    InvalidRequest e = assertThrows(InvalidRequest.class, () -> parse(Endpoint.CHAT, body));
    assertEquals(code, e.code());
    assertEquals(param, e.param());
  }

  @Test
  void embeddingsDoNotStream() {
    InvalidRequest e = assertThrows(InvalidRequest.class,
        () -> parse(Endpoint.EMBEDDINGS, "{\"model\":\"m\",\"input\":\"x\",\"stream\":true}"));
    assertEquals("stream", e.param());
  }

  @Test
  void responseModelIsRewrittenAndUsageRead() throws Exception {
    byte[] doc = ("{\"id\":\"x\",\"model\":\"gpt-4o-mini-2024\",\"choices\":[],"
        + "\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":3,\"details\":{\"a\":1}}}")
        .getBytes(StandardCharsets.UTF_8);
    OpenAiResponse r = OpenAiResponse.rewrite(doc, "fast");
    assertEquals("fast", new JsonObject(r.body()).getString("model"));
    assertEquals(new Usage(12, 3), r.usage());
    assertTrue(r.usageOnly());
    assertFalse(r.error());
  }

  @Test
  void errorObjectIsRecognised() throws Exception {
    OpenAiResponse r = OpenAiResponse.rewrite(
        "{\"error\":{\"message\":\"boom\",\"type\":\"server_error\"}}".getBytes(StandardCharsets.UTF_8), "m");
    assertTrue(r.error());
  }
}
