package dev.switchboard.e2e;

import static dev.switchboard.e2e.GatewayHarness.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.errors.NotFoundException;
import com.openai.errors.UnauthorizedException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.embeddings.CreateEmbeddingResponse;
import com.openai.models.embeddings.EmbeddingCreateParams;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The official OpenAI Java client, unmodified, talking to a real gateway in front of a real mock. */
@Timeout(60)
class OpenAiClientTest {

  @TempDir Path dir;
  GatewayHarness h;
  OpenAIClient client;

  @BeforeEach
  void start() {
    h = new GatewayHarness(null, dir, 32L << 20, "a");
    h.chatModel("a", "m-a", null);
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "fast").put("target", "m-a")));
    client = client(h.key("openai-java"));
  }

  @AfterEach
  void stop() {
    if (client != null) {
      client.close();
    }
    h.close();
  }

  OpenAIClient client(String apiKey) {
    return OpenAIOkHttpClient.builder().baseUrl(h.base() + "/v1").apiKey(apiKey).maxRetries(0).build();
  }

  static ChatCompletionCreateParams chat(String model) {
    return ChatCompletionCreateParams.builder().model(model).addUserMessage("Say hello").build();
  }

  @ParameterizedTest
  @ValueSource(strings = {"m-a", "fast"})
  void chatCompletionCarriesTheRequestedName(String model) {
    ChatCompletion completion = client.chat().completions().create(chat(model));

    assertEquals("Hello from a", completion.choices().getFirst().message().content().orElseThrow());
    assertEquals(model, completion.model());
    assertEquals(2, completion.usage().orElseThrow().promptTokens());
  }

  @ParameterizedTest
  @ValueSource(strings = {"m-a", "fast"})
  void streamingChatConcatenatesToTheReplyAndEveryChunkNamesTheRequestedModel(String model) {
    List<ChatCompletionChunk> chunks;
    try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions().createStreaming(chat(model))) {
      chunks = stream.stream().toList();
    }

    assertFalse(chunks.isEmpty());
    String text = chunks.stream().flatMap(c -> c.choices().stream())
        .map(choice -> choice.delta().content().orElse("")).collect(Collectors.joining());
    assertEquals("Hello from a", text);
    for (ChatCompletionChunk chunk : chunks) {
      assertEquals(model, chunk.model(), chunk.toString());
    }
  }

  @Test
  void embeddingsThroughAModelAndAnAlias() {
    expect(201, h.admin("POST", "/api/admin/models", new JsonObject().put("name", "e-a").put("provider", "a")
        .put("upstream_model", "text-embedding-3-small").put("kind", "embedding")));
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "embed").put("target", "e-a")));

    for (String model : List.of("e-a", "embed")) {
      CreateEmbeddingResponse r = client.embeddings().create(EmbeddingCreateParams.builder().model(model)
          .inputOfArrayOfStrings(List.of("one", "two")).build());
      assertEquals(model, r.model());
      assertEquals(2, r.data().size());
      assertEquals(List.of(0L, 1L), r.data().stream().map(e -> e.index()).toList());
      assertFalse(r.data().getFirst().embedding().isEmpty());
    }
  }

  @Test
  void unknownModelIsNotFound() {
    NotFoundException e = assertThrows(NotFoundException.class,
        () -> client.chat().completions().create(chat("no-such-model")));

    assertEquals(404, e.statusCode());
    assertEquals("model_not_found", e.code().orElse(null), e.getMessage());
  }

  @Test
  void badKeyIsUnauthorized() {
    OpenAIClient stranger = client("sk-sb-not-a-real-key-000000000000");
    try {
      UnauthorizedException e = assertThrows(UnauthorizedException.class,
          () -> stranger.chat().completions().create(chat("fast")));
      assertEquals(401, e.statusCode());
      assertThrows(UnauthorizedException.class, () -> stranger.chat().completions().createStreaming(chat("m-a"))
          .close());
    } finally {
      stranger.close();
    }
  }

  @Test
  void streamsThroughAFailoverWithoutSeeingTheFailedAttempt() {
    h.close();
    h = new GatewayHarness(null, dir.resolve("failover"), 32L << 20, "a", "b");
    h.chatModel("a", "m-a", null);
    h.chatModel("b", "m-b", null);
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "ha")
        .put("targets", new io.vertx.core.json.JsonArray().add("m-a").add("m-b"))));
    client.close();
    client = client(h.key("openai-java"));
    h.mock("a").setBehavior(dev.switchboard.mock.MockBehavior.of(
        dev.switchboard.mock.MockBehavior.Kind.ERROR_FIRST_EVENT));

    List<ChatCompletionChunk> chunks;
    try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions().createStreaming(chat("ha"))) {
      chunks = stream.stream().toList();
    }

    String content = chunks.stream()
        .flatMap(c -> c.choices().stream())
        .map(c -> c.delta().content().orElse(""))
        .collect(Collectors.joining());
    assertEquals("Hello from b", content);
    assertEquals(1, h.mock("a").stats().requests(), "a was tried and failed before the commit point");
    chunks.forEach(c -> assertEquals("ha", c.model()));
  }
}
