package org.walletstate.adapters.http.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.Startup;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.wiring.SettlementWiring;

/**
 * The service's two sending keys, the settlement relayer's and the pass minter's, are checked the
 * same way and at start: a value that is not a 32-byte hex private key stops the start with a
 * message naming the property, never the value; blank is none.
 */
class PaymentSettingsKeysTest {

  static final String RELAYER = "walletstate.x402.relayer-key";
  static final String MINTER = "walletstate.payments.access-pass.minter-key";

  @Test
  void aKeyThatIsNotOne_isRefused_namingThePropertyAndNotTheValue() {
    for (String property : new String[] {RELAYER, MINTER}) {
      for (String bad :
          new String[] {
            "0x" + "ab".repeat(31),
            "0x" + "ab".repeat(33),
            "zz" + "ab".repeat(31),
            "secret-looking-words",
            "0x" + "ab".repeat(31) + "g1"
          }) {
        assertThatThrownBy(() -> PaymentSettings.privateKey(Optional.of(bad), property))
            .as(property + " = " + bad)
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage(property + " is not a 32-byte hex private key");
      }
    }
  }

  @Test
  void aKeyOf32HexBytes_isTaken_stripped_andBlankIsNone() {
    String key = "0x" + "4f".repeat(32);
    assertThat(PaymentSettings.privateKey(Optional.of(" " + key + "\n"), RELAYER)).contains(key);
    assertThat(PaymentSettings.privateKey(Optional.of("4F".repeat(32)), RELAYER))
        .contains("4F".repeat(32));
    assertThat(PaymentSettings.privateKey(Optional.of("  "), RELAYER)).isEmpty();
    assertThat(PaymentSettings.privateKey(Optional.empty(), RELAYER)).isEmpty();
  }

  @Test
  void bothSendersAreBuiltAtStart_soABadKeyStopsTheStart_notTheFirstPaidCallOrMint() {
    assertThat(producer("relayerSettlement").isAnnotationPresent(Startup.class)).isTrue();
    assertThat(producer("evmPayments").isAnnotationPresent(Startup.class)).isTrue();
  }

  private static Method producer(String name) {
    return Arrays.stream(SettlementWiring.class.getDeclaredMethods())
        .filter(m -> m.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("SettlementWiring has no producer " + name));
  }
}
