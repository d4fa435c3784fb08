package org.walletstate.application.commerce.port.in;

import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.discount.DiscountRequest;
import org.walletstate.domain.commerce.discount.DiscountWallets;
import org.walletstate.domain.commerce.discount.OrderLines;
import org.walletstate.domain.commerce.discount.WalletProof;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * The readers of the discount requests, shared by HTTP and the {@code /mcp} tools: the body of
 * {@code POST /v1/verify}, {@code /v1/acp/discount} and {@code /v1/ucp/discount} ({@code
 * merchantId}, the wallets, {@code walletProof} with {@code wallet} only, and the order: {@code
 * items} or {@code subtotal}, the discount endpoints only; {@code assurance}, as attest and trust
 * profiles read it) and the query of {@code GET /v1/discount/check} (with {@code assurance} too),
 * to the domain's {@link DiscountRequest}; every 400 text.
 */
public final class DiscountCommands {

  private DiscountCommands() {}

  /**
   * Reads a body.
   *
   * @param withOrder whether {@code items} and {@code subtotal} are read (ACP and UCP)
   * @throws ValidationException naming the member that is wrong
   */
  public static DiscountRequest request(RequestValue.Obj body, boolean withOrder) {
    Fields fields = Fields.of(body, "");
    CompanyId merchant = merchantId(fields.requiredText("merchantId"), "merchantId");
    DiscountWallets wallets =
        wallets(
            fields.optionalText("wallet"),
            fields.optionalText("solanaWallet"),
            fields.optionalText("xrplWallet"));
    Optional<WalletProof> proof = Optional.empty();
    if (fields.has("walletProof")) {
      proof = Optional.of(walletProof(fields.get("walletProof")));
      if (wallets.solana().isPresent() || wallets.xrpl().isPresent()) {
        throw new ValidationException(DiscountRequest.WALLET_PROOF_EVM_ONLY);
      }
    }
    OrderLines order = withOrder ? order(fields) : OrderLines.NONE;
    Optional<Assurance> assurance = Assurance.option(fields.optionalText("assurance"));
    return new DiscountRequest(merchant, wallets, proof, order, assurance);
  }

  /**
   * The query of {@code GET /v1/discount/check}: {@code merchant}, the wallets and {@code
   * assurance} (read as the body member of the discount endpoints is).
   *
   * @throws ValidationException naming the parameter that is wrong
   */
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
        OrderLines.NONE,
        Assurance.option(Optional.ofNullable(query.get("assurance"))));
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

  /** {@code walletProof}: an object with string {@code message} and {@code signature}. */
  static WalletProof walletProof(RequestValue raw) {
    if (!(raw instanceof RequestValue.Obj o)) {
      throw new ValidationException(
          "walletProof must be an object {message, signature}, not " + raw.kind());
    }
    Fields fields = Fields.of(o, "walletProof");
    RequestValue message = fields.get("message");
    RequestValue signature = fields.get("signature");
    if (!(message instanceof RequestValue.Text m) || !(signature instanceof RequestValue.Text s)) {
      throw new ValidationException(
          "walletProof must be an object with string message and signature");
    }
    return new WalletProof(m.value(), s.value());
  }

  /** The order: {@code items} ({@code {path, amount}} in minor units) or {@code subtotal}. */
  static OrderLines order(Fields body) {
    if (body.has("items")) {
      RequestValue raw = body.get("items");
      if (!(raw instanceof RequestValue.Arr array)) {
        throw new ValidationException("items must be an array, not " + raw.kind());
      }
      BodyMembers.atMost(array, "items", OrderLines.MAX_ITEMS, "items");
      List<OrderLines.Item> items = new ArrayList<>();
      for (int i = 0; i < array.items().size(); i++) {
        String at = "items[" + i + "]";
        if (!(array.items().get(i) instanceof RequestValue.Obj o)) {
          throw new ValidationException(
              at + " must be an object {path, amount}, not " + array.items().get(i).kind());
        }
        Fields item = Fields.of(o, at);
        String path = item.requiredText("path");
        if (path.isEmpty() || path.length() > OrderLines.PATH_MAX) {
          throw new ValidationException(
              item.path("path") + " must be 1 to " + OrderLines.PATH_MAX + " characters");
        }
        items.add(new OrderLines.Item(path, amount(item.get("amount"), item.path("amount"))));
      }
      return new OrderLines(items, OptionalLong.empty());
    }
    if (body.has("subtotal")) {
      return new OrderLines(
          List.of(), OptionalLong.of(amount(body.get("subtotal"), body.path("subtotal"))));
    }
    return OrderLines.NONE;
  }

  private static long amount(RequestValue raw, String field) {
    if (raw.isMissing()) {
      throw new ValidationException(field + " is required");
    }
    if (!(raw instanceof RequestValue.Number n)) {
      throw new ValidationException(
          field + " must be a number of minor units (e.g. 1999), not " + raw.kind());
    }
    if (n.value().signum() < 0) {
      throw new ValidationException(field + " must not be negative, got " + n.literal());
    }
    BigInteger whole = n.value().setScale(0, RoundingMode.DOWN).toBigIntegerExact();
    if (whole.compareTo(BigInteger.valueOf(OrderLines.MAX_AMOUNT)) > 0) {
      throw new ValidationException(
          field + " must be at most " + OrderLines.MAX_AMOUNT + " minor units");
    }
    return whole.longValueExact();
  }
}
