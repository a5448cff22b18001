package dev.switchboard.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.buffer.Buffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class SseDecoderTest {

  @Test
  void decodesEventsSplitAnywhere() {
    String stream = ": keep-alive\r\n\r\nevent: error\r\ndata: {\"a\":1}\r\n\r\ndata: x\ndata: y\n\ndata: [DONE]\n\n";
    for (int cut = 0; cut <= stream.length(); cut++) {
      List<SseEvent> out = new ArrayList<>();
      SseDecoder d = new SseDecoder(out::add);
      d.feed(Buffer.buffer(stream.substring(0, cut)));
      d.feed(Buffer.buffer(stream.substring(cut)));
      assertEquals(4, out.size(), "cut at " + cut);
      assertTrue(out.get(0).isComment());
      assertTrue(out.get(1).namedError());
      assertEquals("{\"a\":1}", out.get(1).data());
      assertEquals("x\ny", out.get(2).data());
      assertTrue(out.get(3).isDone());
      assertFalse(d.hasPartial());
    }
  }

  @Test
  void reportsAnUnfinishedEvent() {
    List<SseEvent> out = new ArrayList<>();
    SseDecoder d = new SseDecoder(out::add);
    d.feed(Buffer.buffer("data: {\"a\":"));
    assertTrue(d.hasPartial());
    assertTrue(out.isEmpty());
  }
}
