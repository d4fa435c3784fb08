package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.CreateMerchantCommands;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.commerce.port.in.ScannersUseCase.Listed;
import org.walletstate.application.commerce.port.in.ScannersUseCase.Login;
import org.walletstate.application.commerce.port.out.PinHasher;
import org.walletstate.application.testing.CountingEntropy;
import org.walletstate.application.testing.MemoryMerchantStore;
import org.walletstate.application.testing.MemoryScannerLockouts;
import org.walletstate.application.testing.MemoryScannerStore;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.Scanner;
import org.walletstate.domain.commerce.ScannerChange;
import org.walletstate.domain.commerce.ScannerLockout;
import org.walletstate.domain.commerce.ScannerLogin;
import org.walletstate.domain.commerce.ScannerPin;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Scanners on the shared fakes: only the owner adds, lists and removes them (20 at most, each PIN
 * once); a login is let through the lockout before its PIN is hashed, a right PIN opens a 12-hour
 * session and takes its count back, wrong PINs lock the address and, from many addresses, the store
 * (the owner is alerted once, known tills still log in); a full hashing pool is busy.
 */
class ScannerServiceTest {

  static final KeyAccount OWNER = new KeyAccount(7, Plan.PRO, KeyVersion.V2, 1000);
  static final KeyAccount STRANGER = new KeyAccount(9, Plan.PRO, KeyVersion.V2, 1000);
  static final CompanyId ACME = CompanyId.parse("acme");
  static final Instant NOW = Instant.parse("2026-11-28T07:00:00Z");

  final MovableClock clock = new MovableClock(NOW);
  final MemoryMerchantStore merchants = new MemoryMerchantStore();
  final MemoryScannerStore scanners = new MemoryScannerStore(merchants);
  final MemoryScannerLockouts lockouts = new MemoryScannerLockouts();
  final List<String> hashed = new ArrayList<>();
  final PinHasher hasher =
      (pin, salt) -> {
        hashed.add(pin.digits());
        return HexFormat.of().formatHex(salt) + ":" + pin.digits();
      };
  final List<Instant> alerts = new ArrayList<>();
  Executor cpu = Runnable::run;

  ScannerServiceTest() {
    merchants.put(
        Merchant.create(
            CreateMerchantCommands.newMerchant(
                Json.object("{\"companyName\":\"Acme\",\"companyId\":\"acme\"}")),
            OWNER.id(),
            false,
            NOW));
  }

  ScannerService service() {
    return new ScannerService(
        scanners,
        lockouts,
        merchants,
        hasher,
        CountingEntropy.counting(),
        clock,
        command -> cpu.execute(command),
        (merchant, until) -> alerts.add(until));
  }

  final ScannerService service = service();

  OwnerResult<Scanner> add(KeyAccount key, CompanyId merchant, String pin) {
    return service
        .add(
            key, merchant, new ScannerChange.Add(ScannerPin.parse(pin, "pin"), Optional.of("Till")))
        .await()
        .indefinitely();
  }

  Scanner added(String pin) {
    return ((OwnerResult.Done<Scanner>) add(OWNER, ACME, pin)).value();
  }

  Login login(String pin, String client) {
    return login(ACME, pin, client);
  }

  Login login(CompanyId merchant, String pin, String client) {
    return service
        .login(new ScannerLogin(merchant, ScannerPin.parse(pin, "pin")), client)
        .await()
        .indefinitely();
  }

  Optional<CompanyId> session(String token) {
    return service.session(token).await().indefinitely();
  }

  Listed listed() {
    return ((OwnerResult.Done<Listed>) service.list(OWNER, ACME).await().indefinitely()).value();
  }

  @Test
  void theOwner_addsScanners_eachPinOnce_atMostTwenty_andNoOtherKeyMay() {
    Scanner till = added("1234");
    assertThat(Scanner.isId(till.id())).isTrue();
    assertThat(till.label()).contains("Till");
    assertThat(till.createdAt()).isEqualTo(NOW);

    assertThat(((OwnerResult.Conflict<Scanner>) add(OWNER, ACME, "1234")).message())
        .isEqualTo("Another scanner of merchant acme has this PIN; choose a different PIN");
    assertThat(add(STRANGER, ACME, "5678"))
        .isEqualTo(new OwnerResult.Forbidden<Scanner>("This API key does not own merchant acme"));
    assertThat(add(OWNER, CompanyId.parse("nowhere"), "5678"))
        .isEqualTo(new OwnerResult.NotFound<Scanner>());
    assertThat(service.list(STRANGER, ACME).await().indefinitely())
        .isInstanceOf(OwnerResult.Forbidden.class);

    for (int i = 1; i < Scanner.PER_MERCHANT; i++) {
      added(String.valueOf(2000 + i));
    }
    assertThat(((OwnerResult.Conflict<Scanner>) add(OWNER, ACME, "9999")).message())
        .contains("has 20 scanners, the most a merchant may have");
    assertThat(listed().scanners()).hasSize(Scanner.PER_MERCHANT);
    assertThat(listed().scanners().get(0)).isEqualTo(till);
  }

  @Test
  void aRightPin_opensATwelveHourSession_andTakesItsCountBack() {
    Scanner till = added("1234");
    hashed.clear();

    Login login = login("1234", "client-a");

    Login.Opened opened = (Login.Opened) login;
    assertThat(opened.token()).startsWith("wss_").hasSize(4 + 43);
    assertThat(opened.expiresAt()).isEqualTo(NOW.plus(ScannerLogin.SESSION));
    assertThat(opened.scannerId()).isEqualTo(till.id());
    assertThat(opened.merchant().id()).isEqualTo(ACME);
    assertThat(opened.toString()).doesNotContain(opened.token());
    assertThat(hashed).as("one hash per login").containsExactly("1234");
    assertThat(lockouts.clientFailures(ACME, "client-a")).isZero();
    assertThat(lockouts.storeFailures(ACME)).isZero();
    assertThat(listed().scanners().get(0).lastLoginAt()).contains(NOW);
    assertThat(session(opened.token())).contains(ACME);
    assertThat(session(opened.token().replace("wss_", "wsx_"))).isEmpty();

    clock.advance(ScannerLogin.SESSION);
    assertThat(session(opened.token())).as("a session ends after 12 hours").isEmpty();
  }

  @Test
  void wrongPins_lockTheAddress_beforeAnyMoreAreHashed() {
    added("1234");
    hashed.clear();

    List<Login> wrong = new ArrayList<>();
    for (int i = 0; i < ScannerLockout.CLIENT_FAILURES; i++) {
      wrong.add(login("0000", "client-a"));
    }
    Login locked = login("1234", "client-a");

    assertThat(wrong)
        .containsExactly(
            new Login.WrongPin(4),
            new Login.WrongPin(3),
            new Login.WrongPin(2),
            new Login.WrongPin(1),
            new Login.WrongPin(0));
    assertThat(locked).isEqualTo(new Login.Locked(NOW.plus(ScannerLockout.WINDOW), false));
    assertThat(hashed).as("the locked attempt is not hashed").hasSize(5);
    assertThat(login("1234", "client-b")).isInstanceOf(Login.Opened.class);
    assertThat(login(CompanyId.parse("nowhere"), "1234", "client-a"))
        .isEqualTo(new Login.NoSuchMerchant());
    assertThat(scanners.sessions()).isEqualTo(1);
  }

  @Test
  void manyAddresses_lockTheStore_alertTheOwnerOnce_andKnownTillsStillLogIn() {
    added("1234");
    assertThat(login("1234", "till")).isInstanceOf(Login.Opened.class);

    for (String client : List.of("x", "y")) {
      for (int i = 0; i < ScannerLockout.CLIENT_FAILURES; i++) {
        login("0000", client);
      }
    }
    Login stranger = login("1234", "z");
    Login knownTill = login("1234", "till");

    Instant until = NOW.plus(ScannerLockout.WINDOW);
    assertThat(stranger).isEqualTo(new Login.Locked(until, true));
    assertThat(knownTill).isInstanceOf(Login.Opened.class);
    assertThat(alerts).containsExactly(until);
    assertThat(listed().lockoutAlertedAt()).contains(NOW);
  }

  @Test
  void aFullHashingPool_isBusy_andEvaluatesNothing() {
    added("1234");
    cpu =
        command -> {
          throw new RejectedExecutionException("full");
        };

    assertThat(login("1234", "client-a")).isEqualTo(new Login.Busy());
    assertThat(scanners.sessions()).isZero();
  }

  @Test
  void removingAScanner_isTheOwners_andEndsItsSessions() {
    Scanner till = added("1234");
    String token = ((Login.Opened) login("1234", "client-a")).token();

    assertThat(service.remove(STRANGER, ACME, till.id()).await().indefinitely())
        .isInstanceOf(OwnerResult.Forbidden.class);
    assertThat(session(token)).contains(ACME);
    assertThat(service.remove(OWNER, ACME, till.id()).await().indefinitely())
        .isEqualTo(new OwnerResult.Done<>(true));
    assertThat(service.remove(OWNER, ACME, till.id()).await().indefinitely())
        .isEqualTo(new OwnerResult.Done<>(false));
    assertThat(service.remove(OWNER, CompanyId.parse("nowhere"), till.id()).await().indefinitely())
        .isEqualTo(new OwnerResult.NotFound<Boolean>());
    assertThat(session(token)).isEmpty();
    assertThat(login("1234", "client-a")).isEqualTo(new Login.WrongPin(4));
  }
}
