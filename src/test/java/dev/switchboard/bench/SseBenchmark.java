package dev.switchboard.bench;

import dev.switchboard.protocol.SseDecoder;
import io.vertx.core.buffer.Buffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * SSE event parsing: a 20-chunk completion stream (plus usage chunk and {@code [DONE]}) fed to a fresh decoder,
 * once as whole events per read and once split into 7-byte reads (events straddling reads).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SseBenchmark {

  Buffer[] perEvent;
  Buffer[] fragments;

  @Setup
  public void setUp() {
    int events = 20;
    perEvent = new Buffer[events + 2];
    StringBuilder all = new StringBuilder();
    for (int i = 0; i < events; i++) {
      String e = "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
          + "\"model\":\"gpt-4o-mini\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"tok" + i + " \"},"
          + "\"finish_reason\":null}]}\n\n";
      perEvent[i] = Buffer.buffer(e);
      all.append(e);
    }
    String usage = "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o-mini\","
        + "\"choices\":[],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":20,\"total_tokens\":32}}\n\n";
    perEvent[events] = Buffer.buffer(usage);
    perEvent[events + 1] = Buffer.buffer("data: [DONE]\n\n");
    all.append(usage).append("data: [DONE]\n\n");
    Buffer whole = Buffer.buffer(all.toString());
    int size = 7;
    fragments = new Buffer[(whole.length() + size - 1) / size];
    for (int i = 0; i < fragments.length; i++) {
      fragments[i] = whole.getBuffer(i * size, Math.min(whole.length(), (i + 1) * size));
    }
  }

  @Benchmark
  public void streamOneEventPerRead(Blackhole bh) {
    SseDecoder d = new SseDecoder(bh::consume);
    for (Buffer b : perEvent) {
      d.feed(b);
    }
  }

  @Benchmark
  public void streamSevenBytesPerRead(Blackhole bh) {
    SseDecoder d = new SseDecoder(bh::consume);
    for (Buffer b : fragments) {
      d.feed(b);
    }
  }
}
