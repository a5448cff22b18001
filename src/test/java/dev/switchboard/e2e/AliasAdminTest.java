package dev.switchboard.e2e;

import static dev.switchboard.e2e.GatewayFlows.assertCode;
import static dev.switchboard.e2e.GatewayHarness.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Every refusal code of the alias API, and what an alias looks like when it is accepted. */
@Timeout(60)
class AliasAdminTest {

  @TempDir Path dir;
  GatewayHarness h;

  @BeforeEach
  void start() {
    h = new GatewayHarness(null, dir, 1 << 20, "a", "b");
    h.chatModel("a", "m-a", null);
    h.chatModel("b", "m-b", null);
    expect(201, h.admin("POST", "/api/admin/models", new JsonObject().put("name", "e-a").put("provider", "a")
        .put("upstream_model", "emb").put("kind", "embedding")));
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "fast").put("target", "m-a")));
  }

  @AfterEach
  void stop() {
    h.close();
  }

  private JsonObject alias(Object targets) {
    return new JsonObject().put("name", "x").put("targets", targets);
  }

  @Test
  void refusalCodes() {
    assertCode(400, "alias_target_is_alias", h.admin("POST", "/api/admin/aliases",
        alias(new JsonArray().add("m-a").add("fast"))));
    assertCode(400, "alias_kind_mismatch", h.admin("POST", "/api/admin/aliases",
        alias(new JsonArray().add("m-a").add("e-a"))));
    assertCode(400, "alias_duplicate_target", h.admin("POST", "/api/admin/aliases",
        alias(new JsonArray().add("m-a").add(new JsonObject().put("model", "m-a").put("weight", 2)))));
    assertCode(400, "unknown_target", h.admin("POST", "/api/admin/aliases", alias(new JsonArray().add("ghost"))));
    assertCode(400, "unknown_route_rule", h.admin("POST", "/api/admin/aliases",
        alias(new JsonArray().add("m-a")).put("rule", "fastest")));
    assertCode(400, "invalid_value", h.admin("POST", "/api/admin/aliases",
        alias(new JsonArray().add(new JsonObject().put("model", "m-a").put("weight", 0)))));
    assertCode(400, "invalid_value", h.admin("POST", "/api/admin/aliases",
        alias(new JsonArray().add(new JsonObject().put("model", "m-a").put("weight", 1001)))));
    JsonArray seventeen = new JsonArray();
    for (int i = 0; i < 17; i++) {
      seventeen.add("m-" + i);
    }
    assertCode(400, "too_many_targets", h.admin("POST", "/api/admin/aliases", alias(seventeen)));
    assertCode(400, "missing_field", h.admin("POST", "/api/admin/aliases", alias(new JsonArray())));
    assertCode(400, "invalid_value", h.admin("POST", "/api/admin/aliases",
        alias(new JsonArray().add("m-a")).put("max_attempts", 17)));
    assertCode(400, "unknown_field", h.admin("POST", "/api/admin/aliases",
        alias(new JsonArray().add("m-a")).put("fallbacks", new JsonArray())));
    assertCode(409, "already_exists", h.admin("POST", "/api/admin/aliases",
        new JsonObject().put("name", "m-a").put("target", "m-b")));

    expect(200, h.admin("PATCH", "/api/admin/models/m-b", new JsonObject().put("active", false)));
    assertCode(400, "alias_target_inactive", h.admin("POST", "/api/admin/aliases",
        alias(new JsonArray().add("m-a").add("m-b"))));
    expect(200, h.admin("PATCH", "/api/admin/models/m-b", new JsonObject().put("active", true)));
    expect(200, h.admin("PATCH", "/api/admin/providers/b", new JsonObject().put("active", false)));
    assertCode(400, "alias_target_provider_inactive", h.admin("POST", "/api/admin/aliases",
        alias(new JsonArray().add("m-a").add("m-b"))));
    JsonArray aliases = new JsonObject(expect(200, h.admin("GET", "/api/admin/aliases", null)).body())
        .getJsonArray("data");
    assertEquals(1, aliases.size(), "no refused alias was written");
  }

  @Test
  void anAcceptedAliasListsItsTargetsWithAvailability() {
    JsonObject created = new JsonObject(expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject()
        .put("name", "ha").put("rule", "weighted").put("cooldown_seconds", 45)
        .put("targets", new JsonArray().add("m-a").add(new JsonObject().put("model", "m-b").put("weight", 3)))))
        .body());
    assertEquals("m-a", created.getString("target"), "the first target, for old clients");
    JsonArray targets = created.getJsonArray("targets");
    assertEquals(2, targets.getJsonObject(1).getInteger("position"));
    assertEquals(3, targets.getJsonObject(1).getInteger("weight"));
    assertTrue(targets.getJsonObject(1).getBoolean("available"));
    assertEquals(45, created.getInteger("cooldown_seconds"));

    expect(200, h.admin("PATCH", "/api/admin/models/m-b", new JsonObject().put("active", false)));
    JsonObject after = new JsonObject(expect(200, h.admin("GET", "/api/admin/aliases/ha", null)).body());
    assertFalse(after.getJsonArray("targets").getJsonObject(1).getBoolean("available"));
    assertEquals("model_inactive", after.getJsonArray("targets").getJsonObject(1).getString("unavailable_reason"));
    assertTrue(after.getBoolean("available"), "one target left is enough");

    expect(200, h.admin("PATCH", "/api/admin/models/m-a", new JsonObject().put("active", false)));
    String key = h.key("k");
    assertCode(503, "alias_unavailable", h.post("/v1/chat/completions", key, GatewayFlows.CHAT.formatted("ha", "")));
    List<Object> listed = new JsonObject(expect(200, h.send("GET", "/v1/models", null, "Bearer " + key)).body())
        .getJsonArray("data").stream().map(o -> ((JsonObject) o).getString("id")).map(Object.class::cast).toList();
    assertFalse(listed.contains("ha"), "an alias with no available target is left out of /v1/models");

    JsonArray audit = new JsonObject(expect(200, h.admin("GET", "/api/admin/audit?limit=5", null)).body())
        .getJsonArray("data");
    JsonObject create = audit.stream().map(o -> (JsonObject) o)
        .filter(o -> o.getString("action").equals("alias.create") && o.getString("subject").equals("ha"))
        .findFirst().orElseThrow();
    assertEquals(List.of("m-a", "m-b"), create.getJsonObject("details").getJsonArray("targets").getList(),
        "a route is audited as target names in order");
  }

  @Test
  void forceDeletingATargetKeepsTheAliasWithTheRest() {
    expect(201, h.admin("POST", "/api/admin/aliases", new JsonObject().put("name", "ha")
        .put("targets", new JsonArray().add("m-a").add("m-b"))));
    expect(204, h.admin("DELETE", "/api/admin/models/m-a?force=true", null));
    JsonObject ha = new JsonObject(expect(200, h.admin("GET", "/api/admin/aliases/ha", null)).body());
    assertEquals(1, ha.getJsonArray("targets").size());
    assertEquals("m-b", ha.getString("target"));
    assertEquals(1, ha.getJsonArray("targets").getJsonObject(0).getInteger("position"));
  }
}
