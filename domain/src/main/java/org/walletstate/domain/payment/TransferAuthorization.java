package org.walletstate.domain.payment;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.digest.Keccak256;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.Secp256k1;

/**
 * An EIP-3009 {@code transferWithAuthorization} as an x402 "exact" EVM payment carries it: the
 * payer {@code from} authorizes {@code value} atomic units to {@code to}, valid strictly after
 * {@code validAfter} and strictly before {@code validBefore} (unix seconds), single-use by its
 * 32-byte {@code nonce}, signed under the token's EIP-712 domain.
 *
 * @param signature {@code 0x} and 65 bytes of hex ({@code r ‖ s ‖ v})
 */
public record TransferAuthorization(
    EvmAddress from,
    EvmAddress to,
    BigInteger value,
    BigInteger validAfter,
    BigInteger validBefore,
    Bytes32 nonce,
    String signature) {

  private static final Bytes32 TYPE_HASH =
      keccak(
          "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,"
              + "uint256 validBefore,bytes32 nonce)");
  private static final Bytes32 DOMAIN_TYPE_HASH =
      keccak("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");

  public TransferAuthorization {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(validAfter, "validAfter");
    Objects.requireNonNull(validBefore, "validBefore");
    Objects.requireNonNull(nonce, "nonce");
    Objects.requireNonNull(signature, "signature");
  }

  /** The token's EIP-712 domain: its name and version, its chain and its address. */
  public record TokenDomain(String name, String version, long chainId, EvmAddress token) {}

  /** The EIP-712 digest the payer signed under {@code domain}. */
  public Bytes32 digest(TokenDomain domain) {
    Bytes32 separator =
        hash(
            DOMAIN_TYPE_HASH.bytes(),
            keccak(domain.name()).bytes(),
            keccak(domain.version()).bytes(),
            Bytes32.of(BigInteger.valueOf(domain.chainId())).bytes(),
            Bytes32.of(domain.token()).bytes());
    Bytes32 struct =
        hash(
            TYPE_HASH.bytes(),
            Bytes32.of(from).bytes(),
            Bytes32.of(to).bytes(),
            Bytes32.of(value).bytes(),
            Bytes32.of(validAfter).bytes(),
            Bytes32.of(validBefore).bytes(),
            nonce.bytes());
    return hash(Bytes.of((byte) 0x19, (byte) 0x01), separator.bytes(), struct.bytes());
  }

  /** Who signed this authorization under {@code domain}; empty for a malformed signature. */
  public Optional<EvmAddress> signer(TokenDomain domain) {
    if (!signature.matches("0x[0-9a-fA-F]{130}")) {
      return Optional.empty();
    }
    byte[] raw = Bytes.fromHex(signature).toArray();
    if (raw[64] == 0 || raw[64] == 1) {
      raw[64] += 27;
    }
    return Secp256k1.recover(digest(domain), Bytes.of(raw));
  }

  /** The signature's {@code v}, {@code r} and {@code s} as the token's function takes them. */
  public Bytes signatureBytes() {
    return Bytes.fromHex(signature);
  }

  private static Bytes32 keccak(String text) {
    return new Bytes32(Bytes.of(Keccak256.hash(text.getBytes(StandardCharsets.UTF_8))));
  }

  private static Bytes32 hash(Bytes... parts) {
    return new Bytes32(Bytes.of(Keccak256.hash(Bytes.concat(parts).toArray())));
  }
}
