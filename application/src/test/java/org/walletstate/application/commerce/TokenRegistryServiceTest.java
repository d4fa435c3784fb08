package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.TokenRegistryCommands;
import org.walletstate.application.commerce.port.in.TokenRegistryUseCase.Submission;
import org.walletstate.application.testing.MemoryTokenRegistry;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.commerce.RegistryItem;
import org.walletstate.domain.commerce.RegistrySubmission;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;

/**
 * The token registry on the shared fake: a submission is recorded as pending with its submitting
 * key (if any) and the clock's time, once per chain and address (a repeat, in any letter case,
 * changes nothing and says so); only listed entries are answered, by the query's filters.
 */
class TokenRegistryServiceTest {

  static final KeyAccount KEY = new KeyAccount(7, Plan.FREE, KeyVersion.V2, 100);
  static final KeyAccount OTHER = new KeyAccount(9, Plan.FREE, KeyVersion.V2, 100);
  static final String USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  static final String USDC_ETH = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

  final MovableClock clock = new MovableClock("2026-11-28T07:00:00Z");
  final MemoryTokenRegistry registry = new MemoryTokenRegistry();
  final TokenRegistryService service = new TokenRegistryService(registry, clock);

  static RegistrySubmission token(String symbol, int chain, String contract) {
    return TokenRegistryCommands.submission(
        Json.object(
            ("{'chainId':"
                    + chain
                    + ",'contractAddress':'"
                    + contract
                    + "','type':'token','symbol':'"
                    + symbol
                    + "','decimals':6}")
                .replace('\'', '"')));
  }

  Submission submit(RegistrySubmission submission, Optional<KeyAccount> key) {
    return service.submit(submission, key).await().indefinitely();
  }

  @Test
  void aSubmission_isPendingWithItsKeyAndTime_andARepeatChangesNothing() {
    Submission first = submit(token("USDC", 8453, USDC_BASE), Optional.of(KEY));
    clock.advance(Duration.ofHours(1));
    Submission repeat = submit(token("FAKE", 8453, USDC_BASE.toLowerCase()), Optional.of(OTHER));

    assertThat(first.duplicate()).isFalse();
    assertThat(first.item().status()).isEqualTo("pending");
    assertThat(first.item().chainId()).isEqualTo(8453L);
    assertThat(first.item().createdAt()).isEqualTo(java.time.Instant.parse("2026-11-28T07:00:00Z"));
    assertThat(first.item().source()).isEqualTo(RegistrySubmission.DEFAULT_SOURCE);
    assertThat(repeat.duplicate()).isTrue();
    assertThat(repeat.item()).isEqualTo(first.item());
    assertThat(registry.submittedBy(token("USDC", 8453, USDC_BASE))).contains(KEY.id());
    assertThat(registry.all()).hasSize(1);
  }

  @Test
  void anAnonymousSubmission_isRecordedWithoutAKey() {
    Submission anonymous = submit(token("USDC", 1, USDC_ETH), Optional.empty());

    assertThat(anonymous.duplicate()).isFalse();
    assertThat(registry.submittedBy(token("USDC", 1, USDC_ETH))).isEmpty();
  }

  @Test
  void onlyListedEntries_areAnswered_byTheQuerysFilters() {
    registry.listed(token("USDC", 1, USDC_ETH), clock.instant());
    registry.listed(token("USDC", 8453, USDC_BASE), clock.instant());
    submit(token("PEND", 1, "0x5FbDB2315678afecb367f032d93F642f64180aa3"), Optional.of(KEY));

    var all = service.list(TokenRegistryCommands.query(null, null, null)).await().indefinitely();
    var onBase =
        service.list(TokenRegistryCommands.query("8453", "usdc", "token")).await().indefinitely();
    var nfts = service.list(TokenRegistryCommands.query(null, null, "nft")).await().indefinitely();

    assertThat(all).extracting(RegistryItem::chainId).containsExactly(1L, 8453L);
    assertThat(all).extracting(RegistryItem::status).containsOnly("listed");
    assertThat(onBase).extracting(RegistryItem::contractAddress).containsExactly(USDC_BASE);
    assertThat(nfts).isEmpty();
  }
}
