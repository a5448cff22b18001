package dev.switchboard.bench;

import dev.switchboard.protocol.Endpoint;
import dev.switchboard.protocol.InvalidRequest;
import dev.switchboard.protocol.JsonScan;
import dev.switchboard.protocol.OpenAiRequest;
import dev.switchboard.protocol.OpenAiResponse;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The model-field rewrite both ways: a caller's request parsed and re-addressed to the upstream model, and an
 * upstream answer (whole body and one stream chunk) with {@code model} set back to the caller's name.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProtocolBenchmark {

  static final String SYSTEM = "You are a helpful assistant. Answer briefly and cite nothing you did not read.";

  byte[] chatRequest;
  byte[] streamRequest;
  byte[] largeRequest;
  byte[] answer;
  byte[] chunk;
  OpenAiRequest parsedStream;

  @Setup
  public void setUp() throws InvalidRequest {
    chatRequest = utf8("{\"model\":\"fast\",\"messages\":[{\"role\":\"system\",\"content\":\"" + SYSTEM
        + "\"},{\"role\":\"user\",\"content\":\"Say hello in five words.\"}],\"temperature\":0.2,"
        + "\"max_tokens\":64}");
    streamRequest = utf8("{\"model\":\"fast\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
    StringBuilder history = new StringBuilder("{\"model\":\"fast\",\"messages\":[");
    for (int i = 0; i < 40; i++) {
      history.append(i == 0 ? "" : ",").append("{\"role\":\"").append(i % 2 == 0 ? "user" : "assistant")
          .append("\",\"content\":\"").append("turn ").append(i).append(' ').append(SYSTEM.repeat(4)).append("\"}");
    }
    largeRequest = utf8(history.append("],\"temperature\":0.7}").toString()); // about 13 KB
    answer = utf8("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1700000000,"
        + "\"model\":\"gpt-4o-mini\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
        + "\"content\":\"Hello from a\"},\"finish_reason\":\"stop\"}],"
        + "\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":4,\"total_tokens\":16}}");
    chunk = utf8("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
        + "\"model\":\"gpt-4o-mini\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hello \"},"
        + "\"finish_reason\":null}]}");
    parsedStream = OpenAiRequest.parse(Endpoint.CHAT, streamRequest);
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Benchmark
  public Buffer requestParseAndRewrite() throws InvalidRequest {
    return OpenAiRequest.parse(Endpoint.CHAT, chatRequest).forUpstream("gpt-4o-mini");
  }

  @Benchmark
  public Buffer largeRequestParseAndRewrite() throws InvalidRequest {
    return OpenAiRequest.parse(Endpoint.CHAT, largeRequest).forUpstream("gpt-4o-mini");
  }

  @Benchmark
  public Buffer streamRequestRewriteAddsUsage() {
    return parsedStream.forUpstream("gpt-4o-mini");
  }

  @Benchmark
  public OpenAiResponse answerRewrite() throws JsonScan.MalformedJson {
    return OpenAiResponse.rewrite(answer, "fast");
  }

  @Benchmark
  public OpenAiResponse chunkRewrite() throws JsonScan.MalformedJson {
    return OpenAiResponse.rewrite(chunk, "fast");
  }
}
