package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.PaidCalls.Claim;
import org.walletstate.application.port.out.PaidCalls.Claimed;
import org.walletstate.domain.address.Base58;
import org.walletstate.domain.payment.PerCallPayment;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgPaidCallsTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final String SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
  private static final String USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  private static final Instant AT = Instant.parse("2026-11-25T02:00:00Z");

  @Inject PgPaidCalls calls;
  @Inject Pool pool;

  /** A fresh Solana signature, base58 of 64 bytes. */
  private static String signature() {
    byte[] bytes = new byte[64];
    RANDOM.nextBytes(bytes);
    bytes[0] |= 1;
    return Base58.BITCOIN.encode(bytes);
  }

  /** A fresh Solana account, base58 of 32 bytes. */
  private static String account() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    bytes[0] |= 1;
    return Base58.BITCOIN.encode(bytes);
  }

  /** A fresh EIP-3009 nonce, 32 bytes. */
  private static byte[] nonce() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return bytes;
  }

  /** A payment of a fresh payer. */
  private static Claim solana(String id) {
    return solana(account(), id);
  }

  private static Claim solana(String payer, String id) {
    return new Claim(
        new PerCallPayment.Key(SOLANA, USDC, payer, id), BigInteger.valueOf(50_000), "attest", AT);
  }

  private static Claim evm(String payer) {
    return evm("eip155:8453", payer);
  }

  private static Claim evm(String network, String payer) {
    return new Claim(
        new PerCallPayment.Key(
            network,
            "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
            payer,
            "0x" + HexFormat.of().formatHex(nonce())),
        BigInteger.valueOf(50_000),
        "trust",
        AT);
  }

  private Row row(Claim claim) {
    var rows =
        pool.preparedQuery(
                "select state, tx_hash, amount from x402_payment where network = $1 and token = $2"
                    + " and payer = $3 and payment_id = $4")
            .execute(
                Tuple.of(
                    claim.key().network(),
                    claim.key().token(),
                    claim.key().payer(),
                    claim.key().id()))
            .await()
            .atMost(WAIT);
    return rows.size() == 0 ? null : rows.iterator().next();
  }

  @Test
  void concurrentClaimsOfOneSolanaPayment_letOneThrough() {
    String id = signature();
    String payer = account();
    List<Uni<Claimed>> claims = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      claims.add(calls.claim(solana(payer, id)));
    }
    List<Claimed> first =
        Uni.join().all(claims).usingConcurrencyOf(8).andFailFast().await().atMost(WAIT);
    assertThat(first).containsOnlyOnce(Claimed.CLAIMED);
    assertThat(first).filteredOn(c -> c == Claimed.USED).hasSize(7);
    assertThat(row(solana(payer, id)).getString("state")).isEqualTo("claimed");
  }

  @Test
  void concurrentPaymentsOfOnePayer_leaveOneOpen_andTheNextIsTakenOnceItSettled() {
    String payer = "0x" + HexFormat.of().formatHex(nonce()).substring(0, 40);
    List<Claim> payments = new ArrayList<>();
    List<Uni<Claimed>> claims = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      Claim claim = evm(payer);
      payments.add(claim);
      claims.add(calls.claim(claim));
    }
    List<Claimed> first =
        Uni.join().all(claims).usingConcurrencyOf(10).andFailFast().await().atMost(WAIT);
    assertThat(first).containsOnlyOnce(Claimed.CLAIMED);
    assertThat(first).filteredOn(c -> c == Claimed.PAYER_BUSY).hasSize(9);
    Claim open = payments.get(first.indexOf(Claimed.CLAIMED));
    Claim next = payments.get(first.indexOf(Claimed.PAYER_BUSY));
    assertThat(row(next)).as("a refused payment leaves no row").isNull();

    // another payer, and the same payer on another network, are not held up
    assertThat(
            calls
                .claim(evm("0x" + HexFormat.of().formatHex(nonce()).substring(0, 40)))
                .await()
                .atMost(WAIT))
        .isEqualTo(Claimed.CLAIMED);
    assertThat(calls.claim(evm("eip155:137", payer)).await().atMost(WAIT))
        .isEqualTo(Claimed.CLAIMED);
    calls.settled(open, "0x" + HexFormat.of().formatHex(nonce()), AT).await().atMost(WAIT);
    assertThat(calls.claim(next).await().atMost(WAIT)).isEqualTo(Claimed.CLAIMED);
    calls.release(next).await().atMost(WAIT);
    assertThat(calls.claim(evm(payer)).await().atMost(WAIT)).isEqualTo(Claimed.CLAIMED);
  }

  @Test
  void aSettledSolanaPayment_keepsItsBase58Signature_asWritten_andIsNeverClaimedAgain() {
    Claim claim = solana(signature());
    String tx = signature();
    assertThat(calls.claim(claim).await().atMost(WAIT)).isEqualTo(Claimed.CLAIMED);
    calls.settled(claim, tx, AT.plusSeconds(3)).await().atMost(WAIT);

    Row row = row(claim);
    assertThat(row.getString("state")).isEqualTo("settled");
    assertThat(row.getString("tx_hash")).isEqualTo(tx);
    assertThat(row.getBigDecimal("amount")).isEqualByComparingTo("50000");
    calls.release(claim).await().atMost(WAIT);
    assertThat(calls.claim(claim).await().atMost(WAIT)).isEqualTo(Claimed.USED);
  }

  @Test
  void base58IsCaseSensitive_andNetworksAreApart() {
    String id = "abc" + signature();
    String other = "ABC" + id.substring(3);
    String payer = account();
    assertThat(calls.claim(solana(payer, id)).await().atMost(WAIT)).isEqualTo(Claimed.CLAIMED);
    assertThat(calls.claim(solana(other)).await().atMost(WAIT)).isEqualTo(Claimed.CLAIMED);
    Claim devnet =
        new Claim(
            new PerCallPayment.Key("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", USDC, payer, id),
            BigInteger.ONE,
            "attest",
            AT);
    assertThat(calls.claim(devnet).await().atMost(WAIT)).isEqualTo(Claimed.CLAIMED);
  }

  @Test
  void aReleasedClaim_mayBeClaimedAgain_anUnsettledOneMayNot() {
    Claim released = solana(signature());
    assertThat(calls.claim(released).await().atMost(WAIT)).isEqualTo(Claimed.CLAIMED);
    calls.release(released).await().atMost(WAIT);
    assertThat(row(released)).isNull();
    assertThat(calls.claim(released).await().atMost(WAIT)).isEqualTo(Claimed.CLAIMED);

    Claim unsettled = solana(signature());
    assertThat(calls.claim(unsettled).await().atMost(WAIT)).isEqualTo(Claimed.CLAIMED);
    calls.unsettled(unsettled, AT).await().atMost(WAIT);
    calls.release(unsettled).await().atMost(WAIT);
    assertThat(row(unsettled).getString("state")).isEqualTo("unsettled");
    assertThat(calls.claim(unsettled).await().atMost(WAIT)).isEqualTo(Claimed.USED);
  }

  @Test
  void anEvmAuthorization_isKeyedOnItsCaip2Network() {
    Claim evm = evm("0x" + HexFormat.of().formatHex(nonce()).substring(0, 40));
    assertThat(calls.claim(evm).await().atMost(WAIT)).isEqualTo(Claimed.CLAIMED);
    assertThat(calls.claim(evm).await().atMost(WAIT)).isEqualTo(Claimed.USED);
  }

  @Test
  void aNetworkThatIsNotCaip2_isRefusedByTheTable() {
    Claim bad =
        new Claim(
            new PerCallPayment.Key("8453", USDC, account(), signature()),
            BigInteger.ONE,
            "attest",
            AT);
    assertThatThrownBy(() -> calls.claim(bad).await().atMost(WAIT))
        .hasMessageContaining("x402_payment_network");
  }
}
