package org.walletstate.domain.holding;

import java.util.Objects;
import org.walletstate.domain.payload.PayloadValue;

/**
 * What a balance is held in, on any chain family: the chain's own asset, a token contract (an
 * ERC-20, an SPL mint, a TRC-20, a Sui coin type), or an asset an issuer issued under a code (an
 * XRPL trust-line token, a Stellar classic asset). The texts are the forms that are signed; the
 * family that parsed the asset validated them.
 */
public sealed interface Asset permits Asset.Native, Asset.Token, Asset.Issued {

  /** The {@code contractAddress} of a chain's own asset. */
  String NATIVE = "native";

  /** The {@code contractAddress} a signed holding carries. */
  String contractAddress();

  /** {@code contractAddress} as a signed value. */
  default PayloadValue contractPayload() {
    return PayloadValue.text(contractAddress());
  }

  /** The chain's own asset ({@code contractAddress: "native"}). */
  record Native() implements Asset {
    @Override
    public String contractAddress() {
      return NATIVE;
    }
  }

  /**
   * A token contract, named by the family's signed form of it.
   *
   * @param contract the contract as signed (an EIP-55 address, a mint, a T-address, a canonical
   *     coin type)
   */
  record Token(String contract) implements Asset {
    public Token {
      Objects.requireNonNull(contract, "contract");
    }

    @Override
    public String contractAddress() {
      return contract;
    }
  }

  /**
   * An asset {@code issuer} issued under {@code code}.
   *
   * @param codeMember the member that carries the code in requests and signed shapes ({@code
   *     currency} on the XRP Ledger, {@code assetCode} on Stellar)
   */
  record Issued(String issuer, String codeMember, String code) implements Asset {
    // Alike by design: each kind of asset is its own record and checks its own components.
    public Issued {
      Objects.requireNonNull(issuer, "issuer");
      Objects.requireNonNull(codeMember, "codeMember");
      Objects.requireNonNull(code, "code");
    }

    @Override
    public String contractAddress() {
      return issuer;
    }
  }
}
