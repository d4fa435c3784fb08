package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.CreateMerchantCommands;
import org.walletstate.application.commerce.port.in.DomainVerificationUseCase.Check;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.commerce.port.out.DomainProbe;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.testing.MemoryMerchantStore;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.commerce.DomainVerification;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NewMerchant;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.RequestValue;

class DomainVerificationServiceTest {

  static final KeyAccount OWNER = new KeyAccount(1, Plan.PRO, KeyVersion.V2, 100);
  static final KeyAccount OTHER = new KeyAccount(2, Plan.PRO, KeyVersion.V2, 100);
  static final CompanyId ID = new CompanyId("shop");
  static final DomainName DOMAIN = DomainName.parse("shop.example.com");

  /** A probe that finds whatever token it is told the domain shows, and counts its looks. */
  static final class FakeProbe implements DomainProbe {
    String shown = "";
    int looks;
    Runnable during = () -> {};

    @Override
    public Uni<Finding> look(DomainName domain, String token) {
      looks++;
      during.run();
      return Uni.createFrom()
          .item(
              token.equals(shown)
                  ? new Finding(Optional.of(DomainVerification.Method.META), "found")
                  : new Finding(Optional.empty(), "not found on " + domain));
    }
  }

  final MemoryMerchantStore store = new MemoryMerchantStore();
  final FakeProbe probe = new FakeProbe();
  int counter;
  final DomainVerificationService service =
      new DomainVerificationService(
          store,
          probe,
          n -> {
            byte[] b = new byte[n];
            b[0] = (byte) ++counter;
            return b;
          },
          Clock.fixed(Instant.parse("2026-11-25T10:00:00Z"), ZoneOffset.UTC));

  DomainVerificationServiceTest() {
    NewMerchant request =
        CreateMerchantCommands.newMerchant(
            new RequestValue.Obj(
                Map.of(
                    "companyName", new RequestValue.Text("Shop"),
                    "companyId", new RequestValue.Text("shop"))));
    store.create(
        new MerchantStore.NewRow(
            Merchant.create(request, 1, false, Instant.EPOCH), "shop", false, 10));
  }

  <T> T done(Uni<OwnerResult<T>> uni) {
    OwnerResult<T> r = uni.await().indefinitely();
    assertThat(r).isInstanceOf(OwnerResult.Done.class);
    return ((OwnerResult.Done<T>) r).value();
  }

  @Test
  void checkBeforeStart_isAConflict_andLooksAtNothing() {
    assertThat(service.check(OWNER, ID).await().indefinitely())
        .isInstanceOf(OwnerResult.Conflict.class);
    assertThat(probe.looks).isZero();
  }

  @Test
  void aFoundToken_verifies_andLaterChecksDoNotLookAgain() {
    probe.shown = done(service.start(OWNER, ID, DOMAIN)).token();
    assertThat(done(service.check(OWNER, ID)))
        .isEqualTo(new Check.Verified(DOMAIN, DomainVerification.Method.META));
    assertThat(done(service.check(OWNER, ID))).isInstanceOf(Check.Verified.class);
    assertThat(probe.looks).isEqualTo(1);
    assertThat(store.row("shop").orElseThrow().verification().checksInWindow()).isEqualTo(1);
  }

  @Test
  void checksAreCountedBeforeLooking_andTheSixthIsLimitedWithoutALook() {
    done(service.start(OWNER, ID, DOMAIN));
    for (int left = 4; left >= 0; left--) {
      assertThat(((Check.NotVerified) done(service.check(OWNER, ID))).attemptsRemaining())
          .isEqualTo(left);
    }
    Check limited = done(service.check(OWNER, ID));
    assertThat(limited).isInstanceOf(Check.Limited.class);
    assertThat(((Check.Limited) limited).retryAfterSeconds()).isEqualTo(3600);
    assertThat(probe.looks).isEqualTo(5);
  }

  @Test
  void aTokenReplacedWhileItWasBeingChecked_doesNotVerify() {
    String first = done(service.start(OWNER, ID, DOMAIN)).token();
    probe.shown = first;
    probe.during = () -> service.start(OWNER, ID, DOMAIN).await().indefinitely();
    assertThat(service.check(OWNER, ID).await().indefinitely())
        .isInstanceOf(OwnerResult.Conflict.class);
    assertThat(store.row("shop").orElseThrow().verification().verified()).isFalse();
    assertThat(store.row("shop").orElseThrow().verification().token())
        .isPresent()
        .get()
        .isNotEqualTo(first);
  }

  @Test
  void anotherKey_isForbidden_andPartnerVerificationNeedsAPartnerKey() {
    assertThat(service.start(OTHER, ID, DOMAIN).await().indefinitely())
        .isInstanceOf(OwnerResult.Forbidden.class);
    assertThat(service.partnerVerified(OWNER, ID, DOMAIN).await().indefinitely())
        .isInstanceOf(OwnerResult.Forbidden.class);
    store.partner(1L);
    assertThat(done(service.partnerVerified(OWNER, ID, DOMAIN)).method())
        .contains(DomainVerification.Method.PARTNER);
    assertThat(service.check(OWNER, new CompanyId("nope")).await().indefinitely())
        .isInstanceOf(OwnerResult.NotFound.class);
  }
}
