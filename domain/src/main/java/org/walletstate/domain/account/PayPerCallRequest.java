package org.walletstate.domain.account;

import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * The part of a trust or trust-batch body that decides its price: how many wallets, and whether
 * proofs are asked. Each wallet entry must name an EVM {@code wallet}; a batch holds 1 to 10.
 */
public final class PayPerCallRequest {

  public static final int MAX_BATCH = 10;

  private PayPerCallRequest() {}

  /** Prices a {@code POST /v1/trust} body. */
  public static CreditPrice.Call trust(RequestValue.Obj body) {
    requireWallet(Fields.of(body, ""));
    return new CreditPrice.Call(MeteredOperation.TRUST, 1, proof(body));
  }

  /** Prices a {@code POST /v1/trust/batch} body. */
  public static CreditPrice.Call trustBatch(RequestValue.Obj body) {
    RequestValue wallets = body.get("wallets");
    if (wallets.isMissing()) {
      throw new ValidationException("wallets is required");
    }
    if (!(wallets instanceof RequestValue.Arr list)) {
      throw new ValidationException("wallets must be an array, not " + wallets.kind());
    }
    int count = list.items().size();
    if (count < 1 || count > MAX_BATCH) {
      throw new ValidationException(
          "wallets must hold 1 to " + MAX_BATCH + " entries, not " + count);
    }
    for (int i = 0; i < count; i++) {
      RequestValue entry = list.items().get(i);
      if (!(entry instanceof RequestValue.Obj obj)) {
        throw new ValidationException("wallets[" + i + "] must be an object, not " + entry.kind());
      }
      requireWallet(Fields.of(obj, "wallets[" + i + "]"));
    }
    return new CreditPrice.Call(MeteredOperation.TRUST_BATCH, count, proof(body));
  }

  private static void requireWallet(Fields fields) {
    EvmAddress.parse(fields.requiredText("wallet"), fields.path("wallet"));
  }

  /** {@code proof}: absent, or exactly {@code "merkle"}. */
  public static boolean proof(RequestValue.Obj body) {
    RequestValue proof = body.get("proof");
    if (proof.isMissing()) {
      return false;
    }
    if (proof instanceof RequestValue.Text t && "merkle".equals(t.value())) {
      return true;
    }
    throw new ValidationException("proof must be \"merkle\" when given");
  }
}
