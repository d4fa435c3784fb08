package org.walletstate.domain.trust;

import java.util.ArrayList;
import java.util.List;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * A validated {@code POST /v1/trust/batch} body: 1 to 10 wallet entries (each with its EVM {@code
 * wallet} and the optional wallets of one profile) and whether Merkle proofs are asked for.
 *
 * @param entries the profiles to make, in request order
 * @param proof {@code proof: "merkle"} was sent
 */
public record TrustBatchCommand(List<TrustWallets> entries, boolean proof) {

  /** The most wallets one batch may name. */
  public static final int MAX_WALLETS = 10;

  public TrustBatchCommand {
    entries = List.copyOf(entries);
    if (entries.isEmpty() || entries.size() > MAX_WALLETS) {
      throw new IllegalArgumentException("a batch holds 1 to " + MAX_WALLETS + " wallets");
    }
  }

  /**
   * @throws ValidationException naming the member that is wrong
   */
  public static TrustBatchCommand parse(RequestValue.Obj body) {
    RequestValue wallets = body.get("wallets");
    if (wallets.isMissing()) {
      throw new ValidationException("wallets is required");
    }
    if (!(wallets instanceof RequestValue.Arr list)) {
      throw new ValidationException("wallets must be an array, not " + wallets.kind());
    }
    int count = list.items().size();
    if (count < 1 || count > MAX_WALLETS) {
      throw new ValidationException(
          "wallets must hold 1 to " + MAX_WALLETS + " entries, not " + count);
    }
    List<TrustWallets> entries = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      RequestValue entry = list.items().get(i);
      if (!(entry instanceof RequestValue.Obj obj)) {
        throw new ValidationException("wallets[" + i + "] must be an object, not " + entry.kind());
      }
      if (!obj.get("proof").isMissing()) {
        // a proof member in an entry would otherwise be silently ignored
        throw new ValidationException(
            "wallets[" + i + "].proof is not allowed: proof is asked for the whole batch");
      }
      entries.add(TrustWallets.parse(Fields.of(obj, "wallets[" + i + "]")));
    }
    return new TrustBatchCommand(entries, proof(Fields.of(body, "")));
  }

  /** {@code proof}: absent, or exactly {@code "merkle"}. */
  static boolean proof(Fields fields) {
    RequestValue proof = fields.get("proof");
    if (proof.isMissing()) {
      return false;
    }
    if (proof instanceof RequestValue.Text t && "merkle".equals(t.value())) {
      return true;
    }
    throw new ValidationException("proof must be \"merkle\" when given");
  }
}
