package org.walletstate.domain.siwe;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.digest.Keccak256;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.Secp256k1;

/**
 * EIP-191 version 0x45 ({@code personal_sign}): the digest {@code keccak256("\x19Ethereum Signed
 * Message:\n" ‖ len(message) ‖ message)} over the UTF-8 bytes, and the signer recovered from a
 * 65-byte {@code r ‖ s ‖ v} signature ({@code v} 27/28, or 0/1 as some wallets send it).
 */
public final class PersonalSign {

  private PersonalSign() {}

  public static Bytes32 digest(String message) {
    byte[] body = message.getBytes(StandardCharsets.UTF_8);
    byte[] prefix =
        ("\u0019Ethereum Signed Message:\n" + body.length).getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[prefix.length + body.length];
    System.arraycopy(prefix, 0, all, 0, prefix.length);
    System.arraycopy(body, 0, all, prefix.length, body.length);
    return new Bytes32(Bytes.of(Keccak256.hash(all)));
  }

  /**
   * The signer of {@code message}; empty when the signature is not {@code 0x} and 65 bytes of hex,
   * or recovers no one.
   */
  public static Optional<EvmAddress> signer(String message, String signatureHex) {
    if (signatureHex == null || !signatureHex.matches("0x[0-9a-fA-F]{130}")) {
      return Optional.empty();
    }
    byte[] raw = Bytes.fromHex(signatureHex).toArray();
    if (raw[64] == 0 || raw[64] == 1) {
      raw[64] += 27;
    }
    return Secp256k1.recover(digest(message), Bytes.of(raw));
  }
}
