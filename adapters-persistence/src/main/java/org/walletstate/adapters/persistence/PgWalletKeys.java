package org.walletstate.adapters.persistence;

import static org.walletstate.adapters.persistence.SqlRows.first;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.application.port.out.WalletKeys;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.payload.KeyVersion;

/** {@link WalletKeys} in PostgreSQL: the key of a registered wallet, and single-use nonces. */
public class PgWalletKeys implements WalletKeys {

  // The statements as constants, as PgPlanPurchases keeps its own, by design: each store names its
  // tables' columns.
  private static final String BY_WALLET =
      "select id, plan, key_version, daily_limit from api_key where wallet = $1";
  private static final String USE_NONCE =
      "insert into wallet_sign_in_nonce (wallet, nonce, used_at) values ($1, $2, $3)"
          + " on conflict do nothing returning wallet";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgWalletKeys(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Optional<KeyAccount>> findByWallet(EvmAddress wallet) {
    return pool.preparedQuery(BY_WALLET)
        .execute(Tuple.of(wallet.lowercase()))
        .map(
            rows ->
                first(
                    rows,
                    row ->
                        new KeyAccount(
                            row.getLong("id"),
                            Plan.fromWireName(row.getString("plan")),
                            row.getShort("key_version") == 1 ? KeyVersion.V1 : KeyVersion.V2,
                            row.getInteger("daily_limit"))));
  }

  @Override
  public Uni<Boolean> useNonce(EvmAddress wallet, String nonce, Instant at) {
    return pool.preparedQuery(USE_NONCE)
        .execute(Tuple.of(wallet.lowercase(), nonce, SqlRows.utc(at)))
        .map(rows -> rows.size() > 0);
  }
}
