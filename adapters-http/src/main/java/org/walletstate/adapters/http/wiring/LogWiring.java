package org.walletstate.adapters.http.wiring;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.walletstate.adapters.http.signing.SigningConfig;
import org.walletstate.adapters.http.signing.SigningKeysLoader;
import org.walletstate.adapters.persistence.PgTransparencyLog;
import org.walletstate.application.port.out.CheckpointSigner;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.application.tlog.IntegrateLog;
import org.walletstate.application.tlog.LogQueryService;
import org.walletstate.application.tlog.port.in.LogQuery;
import org.walletstate.crypto.CheckpointSigning;
import org.walletstate.crypto.SigningKeys;

/**
 * The transparency log: where signed statements are appended ({@code walletstate.log.enabled}; an
 * append waits at most {@code walletstate.log.append-timeout} for its commit, and its statement
 * runs under {@code walletstate.log.statement-timeout}), the checkpoint signer (origin {@code
 * walletstate.log.origin}, by default the public base URL's host and path followed by {@code /log};
 * the ES256 key and the log's Ed25519 note key when one is configured), the batch job's use case
 * and the reads.
 */
@ApplicationScoped
public class LogWiring {

  @Produces
  @ApplicationScoped
  StatementLog statementLog(
      Pool pool,
      @ConfigProperty(name = "walletstate.log.enabled", defaultValue = "true") boolean enabled,
      @ConfigProperty(name = "walletstate.log.append-timeout", defaultValue = "2s")
          Duration appendTimeout,
      @ConfigProperty(name = "walletstate.log.statement-timeout", defaultValue = "5s")
          Duration statementTimeout) {
    return enabled
        ? new PgTransparencyLog(pool, appendTimeout, statementTimeout)
        : StatementLog.NONE;
  }

  @Produces
  @ApplicationScoped
  CheckpointSigner checkpointSigner(
      SigningKeys keys,
      SigningConfig config,
      @ConfigProperty(name = "walletstate.public-base-url") String baseUrl,
      @ConfigProperty(name = "walletstate.log.origin") Optional<String> origin) {
    return new CheckpointSigning(
        keys,
        SigningKeysLoader.logKey(config).orElse(null),
        origin.orElseGet(() -> defaultOrigin(baseUrl)));
  }

  @Produces
  @Singleton // not proxied: the class is final
  IntegrateLog integrateLog(
      PgTransparencyLog store,
      CheckpointSigner signer,
      Clock clock,
      @ConfigProperty(name = "walletstate.log.batch-size", defaultValue = "1000") int batchSize) {
    return new IntegrateLog(store, signer, clock, batchSize, 20);
  }

  @Produces
  @ApplicationScoped
  LogQuery logQuery(PgTransparencyLog store, CheckpointSigner signer) {
    return new LogQueryService(store, signer);
  }

  /** {@code https://api.example.com/} gives {@code api.example.com/log}. */
  static String defaultOrigin(String baseUrl) {
    URI uri = URI.create(baseUrl);
    String host = uri.getHost() == null ? "localhost" : uri.getHost();
    String path = uri.getPath() == null ? "" : uri.getPath().replaceAll("/+$", "");
    return host + path + "/log";
  }
}
