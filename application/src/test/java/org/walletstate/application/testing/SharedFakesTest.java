package org.walletstate.application.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.CreditLedger.Debit;
import org.walletstate.application.port.out.CreditLedger.DebitRequest;
import org.walletstate.application.port.out.CreditLedger.Refund;
import org.walletstate.application.port.out.CreditLedger.RefundRequest;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/** The shared fakes keep the rules of the ports they stand in for. */
class SharedFakesTest {

  static final Instant NOW = Instant.parse("2026-11-28T07:00:00Z");
  static final EvmAddress TOKEN = EvmAddress.of("0x5FbDB2315678afecb367f032d93F642f64180aa3");
  static final EvmAddress WALLET = EvmAddress.of("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");

  static DebitRequest debit(long credits, String idempotencyKey) {
    return new DebitRequest(7, credits, "attest", "ATST-1", idempotencyKey, NOW);
  }

  @Test
  void ledger_debitsOncePerIdempotencyKey_neverBelowZero_andRefundsADebitOnce() {
    MemoryCreditLedger ledger = new MemoryCreditLedger().withBalance(7, 5);

    Debit first = ledger.debit(debit(3, "k1")).await().indefinitely();
    Debit again = ledger.debit(debit(3, "k1")).await().indefinitely();
    Debit tooMuch = ledger.debit(debit(3, "k2")).await().indefinitely();
    long entry = ((Debit.Applied) first).entryId();
    Refund refund = ledger.refund(new RefundRequest(7, entry, 1, "x", NOW)).await().indefinitely();
    Refund twice = ledger.refund(new RefundRequest(7, entry, 1, "x", NOW)).await().indefinitely();

    assertThat(first).isEqualTo(new Debit.Applied(entry, 2));
    assertThat(again).isEqualTo(new Debit.Replayed(entry, 2));
    assertThat(tooMuch).isEqualTo(new Debit.Insufficient(2, 3));
    assertThat(refund).isInstanceOf(Refund.Applied.class);
    assertThat(twice).isEqualTo(new Refund.AlreadyRefunded(3));
    assertThat(ledger.balanceOf(7)).isEqualTo(3);
    assertThat(ledger.charged()).isEqualTo(3);
    assertThat(ledger.refunded()).isEqualTo(1);
  }

  @Test
  void table_answersBothRoundsFromTheTable_andADownChainHasNoHead() {
    ChainId base = ChainId.evm(8453);
    EvmRead.Erc20Decimals decimals = new EvmRead.Erc20Decimals(TOKEN);
    EvmRead.Erc20BalanceOf balance = new EvmRead.Erc20BalanceOf(TOKEN, WALLET);
    TableChainState chains =
        new TableChainState(Clock.fixed(NOW, ZoneOffset.UTC)).value(base, balance, BigInteger.TEN);
    ChainQuery query =
        new ChainQuery(Set.of(decimals), firstRound -> Set.<ChainRead<?>>of(balance), Set.of());

    var observed = (ChainObservation.Observed) chains.observe(base, query).await().indefinitely();
    chains.down(base);
    var down = chains.observe(base, query).await().indefinitely();

    assertThat(observed.readings().reading(balance)).isEqualTo(new Reading.Value<>(BigInteger.TEN));
    assertThat(observed.readings().reading(decimals)).isInstanceOf(Reading.Unreadable.class);
    assertThat(observed.proofs()).isEqualTo(Map.of());
    assertThat(down).isInstanceOf(ChainObservation.HeadUnavailable.class);
    assertThat(chains.observed()).containsExactly(base, base);
  }
}
