package dev.switchboard.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * One pass over a JSON document that validates it whole and records, for the top-level fields it is asked
 * about, where their values sit in the bytes — so a relay can rewrite one field without re-serialising.
 *
 * <p>Objects named in {@code nested} also have their own scalar members recorded (one level deep), which is
 * enough for {@code usage} and {@code stream_options}.
 */
public final class JsonScan {

  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(200).build())
          .build();

  private JsonScan() {}

  /** A top-level field's value: its token, byte span {@code [start, end)} and scalar or nested members. */
  public record Field(JsonToken token, int start, int end, Object scalar, Map<String, Object> members) {

    public boolean isString() {
      return token == JsonToken.VALUE_STRING;
    }

    public boolean isTrue() {
      return token == JsonToken.VALUE_TRUE;
    }

    public boolean isNull() {
      return token == JsonToken.VALUE_NULL;
    }

    public String text() {
      return isString() ? (String) scalar : null;
    }

    /** A nested member as a long, or {@code -1} when absent or not a number. */
    public long memberLong(String name) {
      return members != null && members.get(name) instanceof Number n ? n.longValue() : -1;
    }
  }

  /**
   * The scanned document.
   *
   * @param object false when the document is valid JSON but not an object
   * @param fields the requested top-level fields that were present, plus every top-level name as a key
   *     mapped to {@code null} when it was not requested
   */
  public record Result(boolean object, int openBrace, Map<String, Field> fields) {

    public Field field(String name) {
      return fields.get(name);
    }

    public boolean has(String name) {
      return fields.containsKey(name);
    }
  }

  /** Thrown when the bytes are not one well-formed JSON document. */
  public static final class MalformedJson extends Exception {
    MalformedJson(String message) {
      super(message, null, false, false);
    }
  }

  public static Result scan(byte[] bytes, int offset, int length, Set<String> wanted, Set<String> nested)
      throws MalformedJson {
    try (JsonParser p = FACTORY.createParser(bytes, offset, length)) {
      JsonToken first = p.nextToken();
      if (first == null) {
        throw new MalformedJson("empty body");
      }
      if (first != JsonToken.START_OBJECT) {
        p.skipChildren();
        requireEnd(p);
        return new Result(false, -1, Map.of());
      }
      int open = (int) p.currentTokenLocation().getByteOffset() - offset;
      Map<String, Field> fields = new HashMap<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken t = p.nextToken();
        int start = (int) p.currentTokenLocation().getByteOffset() - offset;
        if (!wanted.contains(name)) {
          p.skipChildren();
          fields.putIfAbsent(name, null);
          continue;
        }
        Object scalar = null;
        Map<String, Object> members = null;
        if (t == JsonToken.START_OBJECT && nested.contains(name)) {
          members = members(p);
        } else if (t.isStructStart()) {
          p.skipChildren();
        } else {
          scalar = scalar(p, t);
        }
        int end = (int) p.currentLocation().getByteOffset() - offset;
        fields.put(name, new Field(t, start, end, scalar, members));
      }
      if (p.currentToken() != JsonToken.END_OBJECT) {
        throw new MalformedJson("unexpected token " + p.currentToken());
      }
      requireEnd(p);
      return new Result(true, open, fields);
    } catch (MalformedJson e) {
      throw e;
    } catch (IOException e) {
      throw new MalformedJson(firstLine(e.getMessage()));
    }
  }

  private static Map<String, Object> members(JsonParser p) throws IOException {
    Map<String, Object> out = new HashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken t = p.nextToken();
      if (t.isStructStart()) {
        p.skipChildren();
        out.put(name, t);
      } else {
        out.put(name, scalar(p, t));
      }
    }
    return out;
  }

  private static Object scalar(JsonParser p, JsonToken t) throws IOException {
    return switch (t) {
      case VALUE_STRING -> p.getText();
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> p.getNumberValue();
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      default -> null;
    };
  }

  private static void requireEnd(JsonParser p) throws IOException, MalformedJson {
    if (p.nextToken() != null) {
      throw new MalformedJson("trailing content after the JSON document");
    }
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "malformed JSON";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
