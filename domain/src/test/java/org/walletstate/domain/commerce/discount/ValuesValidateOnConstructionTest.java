package org.walletstate.domain.commerce.discount;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.commerce.CompanyId;

/** Discount request values built in Java, without the request readers, keep the readers' rules. */
class ValuesValidateOnConstructionTest {

  private static final EvmAddress WALLET =
      EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");
  private static final SolanaAddress SOLANA =
      SolanaAddress.parse("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "solanaWallet");

  @Test
  void aWalletProofGoesWithAnEvmWalletOnly() {
    WalletProof proof = new WalletProof("message", "0x00");
    DiscountWallets both =
        new DiscountWallets(Optional.of(WALLET), Optional.of(SOLANA), Optional.empty());

    assertThatThrownBy(
            () ->
                new DiscountRequest(
                    CompanyId.parse("store-1"), both, Optional.of(proof), OrderLines.NONE))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "walletProof is EVM only: send it with wallet, not with solanaWallet or xrplWallet");
    assertThat(
            new DiscountRequest(
                    CompanyId.parse("store-1"),
                    DiscountWallets.evm(WALLET),
                    Optional.of(proof),
                    OrderLines.NONE)
                .proof())
        .contains(proof);
  }

  @Test
  void anOrderKeepsItsBounds() {
    assertThatThrownBy(() -> new OrderLines.Item("", 1))
        .isInstanceOf(ValidationException.class)
        .hasMessage("path must be 1 to 200 characters");
    assertThatThrownBy(() -> new OrderLines.Item("$.a", -1))
        .isInstanceOf(ValidationException.class)
        .hasMessage("amount must not be negative, got -1");
    assertThatThrownBy(() -> new OrderLines.Item("$.a", OrderLines.MAX_AMOUNT + 1))
        .isInstanceOf(ValidationException.class)
        .hasMessage("amount must be at most 9007199254740991 minor units");
    assertThatThrownBy(
            () -> new OrderLines(List.of(new OrderLines.Item("$.a", 1)), OptionalLong.of(5)))
        .isInstanceOf(ValidationException.class)
        .hasMessage("an order is items or a subtotal, not both");
    assertThatThrownBy(
            () ->
                new OrderLines(
                    java.util.Collections.nCopies(101, new OrderLines.Item("$.a", 1)),
                    OptionalLong.empty()))
        .isInstanceOf(ValidationException.class)
        .hasMessage("items may hold at most 100 items (got 101)");
    assertThatThrownBy(() -> new OrderLines(List.of(), OptionalLong.of(-5)))
        .isInstanceOf(ValidationException.class)
        .hasMessage("subtotal must not be negative, got -5");
  }

  @Test
  void discountWalletsNameAtLeastOneWallet() {
    assertThatThrownBy(
            () -> new DiscountWallets(Optional.empty(), Optional.empty(), Optional.empty()))
        .isInstanceOf(ValidationException.class)
        .hasMessage("wallet is required unless solanaWallet or xrplWallet is given");
  }
}
