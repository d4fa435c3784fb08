package org.walletstate.domain.commerce.discount;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * The body of {@code POST /v1/verify}, {@code /v1/acp/discount} and {@code /v1/ucp/discount}:
 * {@code merchantId}, the wallets ({@code wallet} required unless {@code solanaWallet} or {@code
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

  private static final String WALLET_PROOF_EVM_ONLY =
      "walletProof is EVM only: send it with wallet, not with solanaWallet or xrplWallet";

  /**
   * Reads a body.
   *
   * @param withOrder whether {@code items} and {@code subtotal} are read (ACP and UCP)
   */
  public static DiscountRequest parse(RequestValue.Obj body, boolean withOrder) {
    Fields fields = Fields.of(body, "");
    CompanyId merchant = merchantId(fields.requiredText("merchantId"), "merchantId");
    DiscountWallets wallets =
        wallets(
            fields.optionalText("wallet"),
            fields.optionalText("solanaWallet"),
            fields.optionalText("xrplWallet"));
    Optional<WalletProof> proof = Optional.empty();
    if (fields.has("walletProof")) {
      proof = Optional.of(WalletProof.parse(fields.get("walletProof")));
      if (wallets.solana().isPresent() || wallets.xrpl().isPresent()) {
        throw new ValidationException(WALLET_PROOF_EVM_ONLY);
      }
    }
    OrderLines order = withOrder ? OrderLines.parse(fields) : OrderLines.NONE;
    return new DiscountRequest(merchant, wallets, proof, order);
  }

  /** The query of {@code GET /v1/discount/check}: {@code merchant} and the wallets. */
  public static DiscountRequest check(Map<String, String> query) {
    String merchant = query.get("merchant");
    if (merchant == null || merchant.isEmpty()) {
      throw new ValidationException("merchant is required");
    }
    return new DiscountRequest(
        merchantId(merchant, "merchant"),
        wallets(
            Optional.ofNullable(query.get("wallet")),
            Optional.ofNullable(query.get("solanaWallet")),
            Optional.ofNullable(query.get("xrplWallet"))),
        Optional.empty(),
        OrderLines.NONE);
  }

  private static CompanyId merchantId(String text, String field) {
    try {
      return CompanyId.parse(text);
    } catch (ValidationException e) {
      throw new ValidationException(
          field + " must be a merchant id (2 to 50 letters, digits, dashes or underscores)");
    }
  }

  private static DiscountWallets wallets(
      Optional<String> evm, Optional<String> solana, Optional<String> xrpl) {
    return new DiscountWallets(
        evm.map(t -> EvmAddress.parse(t, "wallet")),
        solana.map(t -> SolanaAddress.parse(t, "solanaWallet")),
        xrpl.map(t -> XrplAddress.parse(t, "xrplWallet")));
  }
}
