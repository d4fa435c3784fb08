package org.walletstate.domain.payment.payer;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import org.walletstate.domain.address.Base58;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.address.EncodingException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.digest.Keccak256;
import org.walletstate.domain.digest.Ripemd160;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.Secp256k1;
import org.walletstate.domain.siwe.PersonalSign;

/**
 * Whether a wallet signed a text, in its own chain's message-signing scheme:
 *
 * <ul>
 *   <li>EVM: EIP-191 {@code personal_sign} (what ethers' {@code signMessage} and every wallet
 *       make);
 *   <li>Tron: TIP-191 ({@code signMessageV2}): keccak-256 of {@code "\x19TRON Signed Message:\n" ‖
 *       len ‖ message}, a 65-byte secp256k1 signature whose key's address is the wallet;
 *   <li>Solana: ed25519 over the UTF-8 bytes of the text, by the key the address is;
 *   <li>Bitcoin: BIP-137 ("Bitcoin Signed Message"): the double SHA-256 of {@code "\x18Bitcoin
 *       Signed Message:\n" ‖ varint(len) ‖ message}, a 65-byte compact signature whose header names
 *       the recovery id and the address type (27–30 P2PKH with an uncompressed key, 31–34
 *       compressed, 35–38 P2SH-P2WPKH, 39–42 P2WPKH; 31–34 also stand for the segwit forms of that
 *       key, as Electrum signs them). Taproot and script addresses cannot sign this way.
 * </ul>
 *
 * Signatures outside the low-s rule recover no one (no malleable twin).
 */
public final class SenderSignatures {

  private SenderSignatures() {}

  /** Whether {@code signature} over {@code message} was made by {@code wallet}'s key. */
  public static boolean signedBy(WalletAddress wallet, String message, String signature) {
    return switch (wallet.family()) {
      case EVM ->
          wallet instanceof EvmAddress evm
              && PersonalSign.signer(message, signature).filter(evm::equals).isPresent();
      case TRON -> wallet instanceof TronAddress tron && tron(tron, message, signature);
      case SOLANA -> wallet instanceof SolanaAddress sol && solana(sol, message, signature);
      case BITCOIN -> wallet instanceof BitcoinAddress btc && bitcoin(btc, message, signature);
      default -> false;
    };
  }

  private static boolean tron(TronAddress wallet, String message, String signature) {
    if (signature == null || !signature.matches("(0x)?[0-9a-fA-F]{130}")) {
      return false;
    }
    byte[] raw = Bytes.fromHex(signature.startsWith("0x") ? signature : "0x" + signature).toArray();
    if (raw[64] == 0 || raw[64] == 1) {
      raw[64] += 27;
    }
    byte[] body = message.getBytes(StandardCharsets.UTF_8);
    byte[] digest =
        Keccak256.hash(
            concat(
                ("\u0019TRON Signed Message:\n" + body.length).getBytes(StandardCharsets.UTF_8),
                body));
    Optional<EvmAddress> signer = Secp256k1.recover(new Bytes32(Bytes.of(digest)), Bytes.of(raw));
    return signer.isPresent()
        && Arrays.equals(signer.get().bytes(), Arrays.copyOfRange(wallet.bytes(), 1, 21));
  }

  private static final byte[] ED25519_X509_PREFIX = {
    0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00
  };

  private static boolean solana(SolanaAddress wallet, String message, String signature) {
    byte[] raw;
    try {
      raw = Base58.BITCOIN.decode(signature);
    } catch (EncodingException | IllegalArgumentException e) {
      return false;
    }
    if (raw.length != 64) {
      return false;
    }
    try {
      PublicKey key =
          KeyFactory.getInstance("Ed25519")
              .generatePublic(new X509EncodedKeySpec(concat(ED25519_X509_PREFIX, wallet.bytes())));
      Signature verifier = Signature.getInstance("Ed25519");
      verifier.initVerify(key);
      verifier.update(message.getBytes(StandardCharsets.UTF_8));
      return verifier.verify(raw);
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      return false;
    }
  }

  private static boolean bitcoin(BitcoinAddress wallet, String message, String signature) {
    byte[] raw;
    try {
      raw = Base64.getDecoder().decode(signature);
    } catch (IllegalArgumentException e) {
      return false;
    }
    if (raw.length != 65) {
      return false;
    }
    int header = raw[0] & 0xff;
    if (header < 27 || header > 42) {
      return false;
    }
    int kind = (header - 27) / 4;
    boolean oddY = ((header - 27) & 1) == 1;
    if (((header - 27) & 2) != 0) {
      return false; // recovery ids 2 and 3 (x = r + n) are never made in practice
    }
    Optional<byte[]> key =
        Secp256k1.publicKey(
            new Bytes32(Bytes.of(bitcoinDigest(message))), Arrays.copyOfRange(raw, 1, 65), oddY);
    if (key.isEmpty()) {
      return false;
    }
    byte[] keyHash = hash160(kind == 0 ? uncompressed(key.get()) : compressed(key.get()));
    byte[] script = wallet.scriptPubKey();
    return switch (kind) {
      case 0 -> Arrays.equals(script, p2pkh(keyHash));
      case 1 ->
          Arrays.equals(script, p2pkh(keyHash))
              || Arrays.equals(script, p2wpkh(keyHash))
              || Arrays.equals(script, p2shP2wpkh(keyHash));
      case 2 -> Arrays.equals(script, p2shP2wpkh(keyHash));
      default -> Arrays.equals(script, p2wpkh(keyHash));
    };
  }

  /** The BIP-137 digest of {@code message}. */
  static byte[] bitcoinDigest(String message) {
    byte[] body = message.getBytes(StandardCharsets.UTF_8);
    byte[] prefix = "\u0018Bitcoin Signed Message:\n".getBytes(StandardCharsets.UTF_8);
    byte[] length =
        body.length < 0xfd
            ? new byte[] {(byte) body.length}
            : new byte[] {(byte) 0xfd, (byte) body.length, (byte) (body.length >>> 8)};
    return sha256(sha256(concat(concat(prefix, length), body)));
  }

  private static byte[] p2pkh(byte[] keyHash) {
    return concat(
        concat(new byte[] {0x76, (byte) 0xa9, 0x14}, keyHash),
        new byte[] {(byte) 0x88, (byte) 0xac});
  }

  private static byte[] p2wpkh(byte[] keyHash) {
    return concat(new byte[] {0x00, 0x14}, keyHash);
  }

  private static byte[] p2shP2wpkh(byte[] keyHash) {
    return concat(
        concat(new byte[] {(byte) 0xa9, 0x14}, hash160(p2wpkh(keyHash))), new byte[] {(byte) 0x87});
  }

  private static byte[] uncompressed(byte[] xy) {
    return concat(new byte[] {0x04}, xy);
  }

  private static byte[] compressed(byte[] xy) {
    byte prefix = (byte) ((xy[63] & 1) == 1 ? 0x03 : 0x02);
    return concat(new byte[] {prefix}, Arrays.copyOfRange(xy, 0, 32));
  }

  private static byte[] hash160(byte[] data) {
    return Ripemd160.hash(sha256(data));
  }

  private static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
