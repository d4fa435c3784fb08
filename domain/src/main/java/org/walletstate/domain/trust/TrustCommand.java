package org.walletstate.domain.trust;

import java.util.Objects;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * A validated {@code POST /v1/trust} body: the wallets of one profile, and whether Merkle proofs
 * are asked for.
 *
 * @param wallets the profile's wallets
 * @param proof {@code proof: "merkle"} was sent
 */
public record TrustCommand(TrustWallets wallets, boolean proof) {

  public TrustCommand {
    Objects.requireNonNull(wallets, "wallets");
  }

  /**
   * @throws org.walletstate.domain.ValidationException naming the member that is wrong
   */
  public static TrustCommand parse(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    return new TrustCommand(TrustWallets.parse(fields), TrustBatchCommand.proof(fields));
  }
}
