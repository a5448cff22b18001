package dev.switchboard.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class MockOpenAiClientTest extends MockTestSupport {
  private OpenAIClient client;

  @BeforeEach
  void startClient() {
    client =
        OpenAIOkHttpClient.builder()
            .baseUrl("http://127.0.0.1:" + mock.port() + "/v1")
            .apiKey("x")
            .maxRetries(0)
            .build();
  }

  @AfterEach
  void closeClient() {
    client.close();
  }

  private static ChatCompletionCreateParams params() {
    return ChatCompletionCreateParams.builder()
        .model("gpt-4o-mini")
        .addUserMessage("Say hello")
        .build();
  }

  @Test
  void officialClient_chatCompletion() {
    ChatCompletion completion = client.chat().completions().create(params());

    assertEquals(CONTENT, completion.choices().getFirst().message().content().orElseThrow());
    assertEquals("gpt-4o-mini", completion.model());
    assertEquals(2, completion.usage().orElseThrow().promptTokens());
  }

  @Test
  void officialClient_streamingChat() throws InterruptedException {
    String text;
    try (StreamResponse<ChatCompletionChunk> stream =
        client.chat().completions().createStreaming(params())) {
      text =
          stream.stream()
              .flatMap(chunk -> chunk.choices().stream())
              .map(choice -> choice.delta().content().orElse(""))
              .collect(Collectors.joining());
    }

    assertEquals(CONTENT, text);
    assertEquals(new MockStats(1, 1, 0, 0), awaitStats(s -> s.completed() == 1));
  }
}
