package dev.switchboard.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class MockUpstreamTest extends MockTestSupport {

  @Test
  void chat_nonStream_echoesModelAndNamesTheMock() throws Exception {
    HttpResponse<String> response = post("/v1/chat/completions", chat("gpt-4o-mini", false));

    assertEquals(200, response.statusCode());
    assertTrue(
        response.headers().firstValue("content-type").orElseThrow().startsWith("application/json"));
    JsonObject body = new JsonObject(response.body());
    assertEquals("chat.completion", body.getString("object"));
    assertEquals("gpt-4o-mini", body.getString("model"));
    JsonObject choice = body.getJsonArray("choices").getJsonObject(0);
    assertEquals(CONTENT, choice.getJsonObject("message").getString("content"));
    assertEquals("assistant", choice.getJsonObject("message").getString("role"));
    assertEquals("stop", choice.getString("finish_reason"));
    JsonObject usage = body.getJsonObject("usage");
    assertEquals(4, usage.getInteger("prompt_tokens"), "words in 'say hello to me'");
    assertEquals(3, usage.getInteger("completion_tokens"), "one per chunk");
    assertEquals(7, usage.getInteger("total_tokens"));
  }

  @Test
  void chat_stream_chunksConcatenateToContentAndEndWithDone() throws Exception {
    HttpResponse<String> response = post("/v1/chat/completions", chat("m-1", true));

    assertEquals(200, response.statusCode());
    assertEquals("text/event-stream", response.headers().firstValue("content-type").orElseThrow());
    List<String> data = dataLines(response.body());
    assertEquals("[DONE]", data.getLast());
    assertEquals(CONTENT, chatContent(data));
    // role, 3 content chunks, finish, [DONE]
    assertEquals(6, data.size());
    JsonObject first = new JsonObject(data.getFirst());
    assertEquals(
        "assistant",
        first.getJsonArray("choices").getJsonObject(0).getJsonObject("delta").getString("role"));
    JsonObject finish = new JsonObject(data.get(data.size() - 2));
    assertEquals(
        "stop", finish.getJsonArray("choices").getJsonObject(0).getString("finish_reason"));
    for (String payload : data.subList(0, data.size() - 1)) {
      JsonObject chunk = new JsonObject(payload);
      assertEquals("m-1", chunk.getString("model"));
      assertEquals("chat.completion.chunk", chunk.getString("object"));
      assertFalse(chunk.containsKey("usage"), "usage only when include_usage is set");
    }
  }

  @Test
  void chat_stream_includeUsage_addsUsageChunkBeforeDone() throws Exception {
    JsonObject request =
        chat("m-1", true).put("stream_options", new JsonObject().put("include_usage", true));

    List<String> data = dataLines(post("/v1/chat/completions", request).body());

    assertEquals("[DONE]", data.getLast());
    JsonObject usageChunk = new JsonObject(data.get(data.size() - 2));
    assertEquals(new JsonArray(), usageChunk.getJsonArray("choices"));
    assertEquals(3, usageChunk.getJsonObject("usage").getInteger("completion_tokens"));
    assertEquals(4, usageChunk.getJsonObject("usage").getInteger("prompt_tokens"));
    assertEquals(CONTENT, chatContent(data));
  }

  @Test
  void chat_stream_chunksSetting_splitsContentThatManyWays() throws Exception {
    mock.setBehavior(MockBehavior.ok().withChunks(5));

    List<String> data = dataLines(post("/v1/chat/completions", chat("m", true)).body());

    assertEquals(1 + 5 + 1 + 1, data.size());
    assertEquals(CONTENT, chatContent(data));
  }

  @Test
  void completions_nonStreamAndStream() throws Exception {
    JsonObject request = new JsonObject().put("model", "text-m").put("prompt", "once upon");

    JsonObject body = new JsonObject(post("/v1/completions", request).body());
    assertEquals("text_completion", body.getString("object"));
    assertEquals("text-m", body.getString("model"));
    assertEquals(CONTENT, body.getJsonArray("choices").getJsonObject(0).getString("text"));
    assertEquals(2, body.getJsonObject("usage").getInteger("prompt_tokens"));

    List<String> data = dataLines(post("/v1/completions", request.put("stream", true)).body());
    assertEquals("[DONE]", data.getLast());
    StringBuilder text = new StringBuilder();
    for (String payload : data.subList(0, data.size() - 1)) {
      JsonObject chunk = new JsonObject(payload);
      assertEquals("text-m", chunk.getString("model"));
      text.append(chunk.getJsonArray("choices").getJsonObject(0).getString("text"));
    }
    assertEquals(CONTENT, text.toString());
  }

  @Test
  void embeddings_arrayInput_oneVectorPerInput() throws Exception {
    JsonObject request =
        new JsonObject().put("model", "emb-m").put("input", JsonArray.of("one two", "three"));

    JsonObject body = new JsonObject(post("/v1/embeddings", request).body());

    assertEquals("list", body.getString("object"));
    assertEquals("emb-m", body.getString("model"));
    JsonArray data = body.getJsonArray("data");
    assertEquals(2, data.size());
    for (int i = 0; i < 2; i++) {
      JsonObject item = data.getJsonObject(i);
      assertEquals("embedding", item.getString("object"));
      assertEquals(i, item.getInteger("index"));
      assertEquals(8, item.getJsonArray("embedding").size());
    }
    assertEquals(3, body.getJsonObject("usage").getInteger("prompt_tokens"));
    assertEquals(3, body.getJsonObject("usage").getInteger("total_tokens"));
  }

  @Test
  void embeddings_sameInput_sameVector() throws Exception {
    JsonObject request = new JsonObject().put("model", "e").put("input", "stable text");

    JsonObject first = new JsonObject(post("/v1/embeddings", request).body());
    JsonObject second = new JsonObject(post("/v1/embeddings", request).body());

    assertEquals(1, first.getJsonArray("data").size());
    assertEquals(first.getJsonArray("data"), second.getJsonArray("data"));
  }

  @Test
  void models_listsConfiguredAndRequestedModels() throws Exception {
    post("/v1/chat/completions", chat("brand-new-model", false));

    JsonObject body = new JsonObject(get("/v1/models").body());

    assertEquals("list", body.getString("object"));
    List<String> ids =
        body.getJsonArray("data").stream().map(m -> ((JsonObject) m).getString("id")).toList();
    assertTrue(
        ids.containsAll(List.of("mock-model", "gpt-4o-mini", "brand-new-model")), ids.toString());
    JsonObject first = body.getJsonArray("data").getJsonObject(0);
    assertEquals("model", first.getString("object"));
    assertEquals(NAME, first.getString("owned_by"));
  }

  @Test
  void lastRequest_showsHeadersAndParsedBody() throws Exception {
    post("/v1/chat/completions", chat("upstream-model", false));

    HttpResponse<String> response = get("/mock/last-request");

    assertEquals(200, response.statusCode());
    JsonObject last = new JsonObject(response.body());
    assertEquals("POST", last.getString("method"));
    assertEquals("/v1/chat/completions", last.getString("path"));
    assertEquals("Bearer caller-secret", last.getJsonObject("headers").getString("authorization"));
    assertEquals("upstream-model", last.getJsonObject("body").getString("model"));
  }

  @Test
  void lastRequest_beforeAnyRequest_is404() throws Exception {
    assertEquals(404, get("/mock/last-request").statusCode());
  }

  @Test
  void invalidRequest_isAnswered400WithOpenAiError() throws Exception {
    HttpResponse<String> notJson = send("POST", "/v1/chat/completions", "{nope");
    HttpResponse<String> noModel =
        post("/v1/chat/completions", chat("x", false).put("model", (Object) null));

    assertEquals(400, notJson.statusCode());
    assertEquals(400, noModel.statusCode());
    JsonObject error = new JsonObject(noModel.body()).getJsonObject("error");
    assertEquals("invalid_request_error", error.getString("type"));
    assertTrue(error.getString("message").contains("model"));
  }

  @Test
  void unknownRoute_is404Json() throws Exception {
    HttpResponse<String> response = post("/chat/completions", chat("m", false));

    assertEquals(404, response.statusCode());
    assertTrue(new JsonObject(response.body()).containsKey("error"));
    assertEquals(0, mock.stats().requests(), "only inference routes count");
  }

  @Test
  void split_coversTextInNearEqualPieces() {
    assertEquals(5, Replies.split(CONTENT, 5).size());
    assertEquals(CONTENT, String.join("", Replies.split(CONTENT, 5)));
    assertEquals(CONTENT.length(), Replies.split(CONTENT, 1_000).size());
    assertEquals(List.of(CONTENT), Replies.split(CONTENT, 1));
  }
}
