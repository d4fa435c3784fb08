package org.walletstate.adapters.persistence.commerce;

import static org.walletstate.adapters.persistence.SqlRows.first;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import org.walletstate.application.commerce.port.out.PassRenewals;
import org.walletstate.domain.address.EvmAddress;

/** {@link PassRenewals} on PostgreSQL; expired tokens are deleted as new ones are stored. */
public class PgPassRenewals implements PassRenewals {

  private final Pool pool;

  public PgPassRenewals(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Void> store(byte[] tokenHash, EvmAddress wallet, Instant expiresAt) {
    OffsetDateTime until = OffsetDateTime.ofInstant(expiresAt, ZoneOffset.UTC);
    return pool.withTransaction(
        conn ->
            conn.preparedQuery(
                    "insert into pass_renewal (token_hash, wallet, expires_at) values ($1, $2, $3)")
                .execute(Tuple.of(Buffer.buffer(tokenHash), wallet.lowercase(), until))
                .flatMap(
                    ok ->
                        conn.preparedQuery(
                                "delete from pass_renewal where expires_at < $1::timestamptz - interval '1 hour'")
                            .execute(Tuple.of(until)))
                .replaceWithVoid());
  }

  @Override
  public Uni<Optional<EvmAddress>> wallet(byte[] tokenHash, Instant now) {
    return pool.preparedQuery(
            "select wallet from pass_renewal where token_hash = $1 and expires_at > $2")
        .execute(Tuple.of(Buffer.buffer(tokenHash), OffsetDateTime.ofInstant(now, ZoneOffset.UTC)))
        .map(rows -> first(rows, r -> EvmAddress.of(r.getString(0))));
  }
}
