package org.walletstate.domain.commerce.discount;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.CompanyId;

/**
 * A discount request (read by the application's {@code commerce.port.in.DiscountCommands} from the
 * body of {@code POST /v1/verify}, {@code /v1/acp/discount} and {@code /v1/ucp/discount}): {@code
 * merchantId}, the wallets ({@code wallet} required unless {@code solanaWallet} or {@code
 * xrplWallet} is given; XRPL checksums verified), {@code walletProof} (with {@code wallet} only),
 * and the order ({@code items} or {@code subtotal}; the discount endpoints only).
 *
 * @param merchant the store
 * @param wallets the wallets
 * @param proof the proof of control of {@code wallet}, when sent
 * @param order the order lines
 */
public record DiscountRequest(
    CompanyId merchant, DiscountWallets wallets, Optional<WalletProof> proof, OrderLines order) {

  public DiscountRequest {
    Objects.requireNonNull(merchant, "merchant");
    Objects.requireNonNull(wallets, "wallets");
    Objects.requireNonNull(proof, "proof");
    Objects.requireNonNull(order, "order");
    if (proof.isPresent() && (wallets.solana().isPresent() || wallets.xrpl().isPresent())) {
      throw new ValidationException(WALLET_PROOF_EVM_ONLY);
    }
  }

  /** Why a walletProof is refused with a non-EVM wallet. */
  public static final String WALLET_PROOF_EVM_ONLY =
      "walletProof is EVM only: send it with wallet, not with solanaWallet or xrplWallet";
}
