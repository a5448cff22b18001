package dev.switchboard.cli;

import dev.switchboard.access.KeyRing;
import dev.switchboard.admin.AdminApi;
import dev.switchboard.admin.AdminToken;
import dev.switchboard.admin.CatalogEditor;
import dev.switchboard.admin.AdminError;
import dev.switchboard.admin.CatalogFileApplier;
import dev.switchboard.admin.HealthRules;
import dev.switchboard.config.ConfigException;
import dev.switchboard.api.InferenceApi;
import dev.switchboard.api.Metrics;
import dev.switchboard.catalog.CatalogHolder;
import dev.switchboard.config.CatalogFile;
import dev.switchboard.config.Settings;
import dev.switchboard.ledger.LedgerWriter;
import dev.switchboard.ledger.Reports;
import dev.switchboard.ledger.UsageRows;
import dev.switchboard.routing.Failover;
import dev.switchboard.routing.Router;
import dev.switchboard.routing.Stickiness;
import dev.switchboard.store.SessionStore;
import dev.switchboard.routing.TargetStats;
import dev.switchboard.health.HealthBoard;
import dev.switchboard.health.HealthEvents;
import dev.switchboard.routing.Prober;
import dev.switchboard.upstream.ModelLister;
import dev.switchboard.health.HealthSettings;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;
import dev.switchboard.store.AuditStore;
import dev.switchboard.store.CatalogStore;
import dev.switchboard.store.Database;
import dev.switchboard.store.SecretBox;
import dev.switchboard.store.SettingStore;
import dev.switchboard.store.UsageStore;
import dev.switchboard.upstream.HttpUpstream;
import dev.switchboard.upstream.Upstream;
import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.VerticleBase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.PoolOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running gateway: database, catalog, ledger writer, upstream client and HTTP servers, wired together.
 * {@link #close} is the graceful stop: no new connections, in-flight requests finish, the ledger is flushed.
 */
public final class Gateway implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Gateway.class);
  private static final String ADMIN_DIGEST = "admin_token_sha256";
  private static final Duration DRAIN = Duration.ofSeconds(30);
  private static final Duration SESSION_PURGE = Duration.ofMinutes(10);

  private final Database db;
  private final LedgerWriter ledger;
  private final Stickiness stickiness;
  private final ProbeRunner prober;

  /** The prober and the context its probes run on. */
  private record ProbeRunner(Prober prober, Context context) {}
  private final Vertx vertx;
  private final HttpClient client;
  private final List<HttpServer> servers;
  private final String generatedAdminToken;
  private final AtomicBoolean draining;
  private boolean closed;

  private Gateway(Database db, LedgerWriter ledger, Stickiness stickiness, ProbeRunner prober, Vertx vertx,
      HttpClient client, List<HttpServer> servers, String generatedAdminToken, AtomicBoolean draining) {
    this.prober = prober;
    this.stickiness = stickiness;
    this.draining = draining;
    this.db = db;
    this.ledger = ledger;
    this.vertx = vertx;
    this.client = client;
    this.servers = servers;
    this.generatedAdminToken = generatedAdminToken;
  }

  /** Opens everything and listens; {@code file} may be {@code null}. */
  public static Gateway start(Settings settings, CatalogFile file) {
    return start(settings, file, Clock.systemUTC());
  }

  /** As {@link #start(Settings, CatalogFile)}, with the clock that health and the ledger read (tests move it). */
  public static Gateway start(Settings settings, CatalogFile file, Clock clock) {
    try {
      Files.createDirectories(settings.dataDir());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create data folder " + settings.dataDir(), e);
    }
    HealthSettings healthDefaults = healthDefaults(settings, file); // checked before anything is opened
    Database db = Database.open(settings.databaseUrl());
    try {
      return start(settings, file, db, clock, healthDefaults);
    } catch (RuntimeException e) {
      db.close();
      throw e;
    }
  }

  private static Gateway start(Settings settings, CatalogFile file, Database db, Clock clock,
      HealthSettings healthDefaults) {
    SecretBox box = SecretBox.load(settings.secret(), settings.dataDir());
    CatalogHolder catalog = new CatalogHolder();
    KeyRing keys = new KeyRing();
    Stickiness stickiness = new Stickiness(clock, box::hmac, new SessionRepository(new SessionStore(db)));
    stickiness.load();
    CatalogEditor editor = new CatalogEditor(new CatalogStore(db, box, clock), catalog, keys, stickiness);
    editor.reload();
    if (file != null) {
      new CatalogFileApplier(editor).apply(file);
    }
    SettingStore settingStore = new SettingStore(db);
    String generated = null;
    AdminToken token;
    if (settings.adminToken() != null) {
      token = AdminToken.ofPlaintext(settings.adminToken());
    } else {
      String candidate = "sb-admin-" + dev.switchboard.access.ApiKeys.generate().substring(6);
      String digest = HexFormat.of().formatHex(dev.switchboard.access.ApiKeys.digest(candidate));
      if (settingStore.putIfAbsent(ADMIN_DIGEST, digest)) {
        generated = candidate;
      }
      token = AdminToken.ofDigest(HexFormat.of().parseHex(settingStore.get(ADMIN_DIGEST).orElseThrow()));
    }
    LedgerWriter ledger = new LedgerWriter(UsageRows.sink(new UsageStore(db)), Duration.ofMillis(200), 500);
    Vertx vertx = Vertx.vertx();
    HttpClient client = vertx.createHttpClient(
        new HttpClientOptions().setKeepAlive(true).setTcpNoDelay(true).setMaxInitialLineLength(8192),
        new PoolOptions().setHttp1MaxSize(4096));
    Upstream upstream = new HttpUpstream(vertx, client);
    HealthEvents events = new HealthEvents();
    HealthBoard health = new HealthBoard(clock, () -> ThreadLocalRandom.current().nextDouble(), events);
    TargetStats stats = new TargetStats();
    // ThreadLocalRandom's one instance draws from the calling thread's own state: safe across event loops.
    RandomGenerator random = ThreadLocalRandom.current();
    Router router = new Router(health, stats, random, healthDefaults);
    Failover failover = new Failover(kind -> upstream, health, stats,
        (ms, task) -> vertx.setTimer(Math.max(1, ms), id -> task.run()), random);
    Metrics metrics = new Metrics(catalog, router);
    InferenceApi inference = new InferenceApi(catalog, keys, router, failover, stickiness, metrics, ledger, clock,
        settings.bodyLimit());
    AdminApi admin = new AdminApi(editor, token, new Reports(new UsageStore(db), new AuditStore(db, clock)),
        router, stickiness);
    vertx.setPeriodic(SESSION_PURGE.toMillis(), id -> stickiness.purge());
    Prober prober = new Prober(catalog::get, router, kind -> upstream, new ModelLister(client), random);
    // Probes run on one event-loop context: their timers and answers stay on one thread.
    Context probes = vertx.getOrCreateContext();
    if (!settings.probeTick().isZero()) {
      probes.runOnContext(v -> vertx.setPeriodic(settings.probeTick().toMillis(), id -> prober.tick()));
    }
    io.vertx.ext.web.Router web = io.vertx.ext.web.Router.router(vertx);
    // While draining, every answer asks its client to close the connection: a kept-alive connection would
    // otherwise keep bringing new requests to a server that is trying to stop.
    AtomicBoolean draining = new AtomicBoolean();
    web.route().handler(ctx -> {
      if (draining.get()) {
        ctx.response().putHeader("connection", "close");
      }
      ctx.next();
    });
    web.get("/healthz").handler(ctx -> ctx.response().putHeader("content-type", "application/json")
        .end("{\"status\":\"ok\"}"));
    web.get("/metrics").handler(ctx -> ctx.response()
        .putHeader("content-type", "text/plain; version=0.0.4; charset=utf-8").end(metrics.scrape()));
    web.get("/readyz").handler(ctx -> ctx.response().putHeader("content-type", "application/json")
        .end("{\"status\":\"ready\"}"));
    inference.mount(web);
    admin.mount(web);
    try {
      return new Gateway(db, ledger, stickiness, new ProbeRunner(prober, probes), vertx, client, listen(vertx, web, settings), generated,
          draining);
    } catch (RuntimeException e) {
      ledger.close();
      stickiness.close();
      try {
        await(vertx.close());
      } catch (RuntimeException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  /** The gateway-wide health settings: the built-in defaults, the cooldown setting, the catalog file's section. */
  private static HealthSettings healthDefaults(Settings settings, CatalogFile file) {
    HealthSettings base = HealthSettings.DEFAULTS.withCooldown(settings.failoverCooldown());
    if (file == null || file.health() == null) {
      return base;
    }
    try {
      return base.over(HealthRules.parse(file.health()));
    } catch (AdminError e) {
      throw new ConfigException("catalog file health: " + e.getMessage());
    }
  }

  /**
   * One server per core, all on one port, each deployed as its own verticle so that it runs on its own event
   * loop (servers created from one thread would all share that thread's event loop).
   */
  private static List<HttpServer> listen(Vertx vertx, io.vertx.ext.web.Router web, Settings settings) {
    int count = Math.max(1, Runtime.getRuntime().availableProcessors());
    // Port 0 too is shared: Vert.x gives every server asking for host:0 the same random port.
    HttpServerOptions options = new HttpServerOptions().setHost(settings.host()).setPort(settings.port())
        .setTcpNoDelay(true).setCompressionSupported(false);
    List<HttpServer> servers = new java.util.concurrent.CopyOnWriteArrayList<>();
    await(vertx.deployVerticle(() -> new VerticleBase() {
      @Override
      public Future<?> start() {
        return vertx.createHttpServer(options).requestHandler(web).listen().onSuccess(servers::add);
      }
    }, new DeploymentOptions().setInstances(count)));
    return List.copyOf(servers);
  }

  public int port() {
    return servers.getFirst().actualPort();
  }

  /** The admin token made on this start, or {@code null} when it came from the environment or existed. */
  public String generatedAdminToken() {
    return generatedAdminToken;
  }

  public Vertx vertx() {
    return vertx;
  }

  /** Sends the probes that are due now (by the gateway's clock) and completes when they have answered. */
  public Future<Void> probeNow() {
    io.vertx.core.Promise<Void> done = io.vertx.core.Promise.promise();
    prober.context().runOnContext(v -> prober.prober().tick().onComplete(done));
    return done.future();
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    LOG.info("stopping: draining in-flight requests");
    draining.set(true);
    try {
      await(Future.join(servers.stream().map(s -> s.shutdown(DRAIN.toSeconds(), TimeUnit.SECONDS)).toList()));
    } catch (RuntimeException e) {
      LOG.warn("servers did not stop cleanly: {}", e.toString());
    }
    ledger.close();
    stickiness.close();
    try {
      await(client.close());
      await(vertx.close());
    } catch (RuntimeException e) {
      LOG.warn("vert.x did not stop cleanly: {}", e.toString());
    }
    db.close();
    LOG.info("stopped");
  }

  static <T> T await(Future<T> f) {
    try {
      return f.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (Exception e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new IllegalStateException(cause.getMessage(), cause);
    }
  }
}
