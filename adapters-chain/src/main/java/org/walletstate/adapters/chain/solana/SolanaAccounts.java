package org.walletstate.adapters.chain.solana;

import static org.walletstate.adapters.chain.solana.SolanaChainState.TOKEN_2022_PROGRAM;
import static org.walletstate.adapters.chain.solana.SolanaChainState.TOKEN_PROGRAM;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.Base64;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.solana.ProgramAddress;

/** How a Solana snapshot reads the accounts it fetched: mints, token accounts and metadata. */
final class SolanaAccounts {

  private SolanaAccounts() {}

  static Reading<TokenDecimals> mintDecimals(JsonNode account) {
    if (account == null) {
      return new Reading.Unreadable<>("the mint account does not exist");
    }
    String program = account.path("owner").asText();
    JsonNode parsed = account.path("data").path("parsed");
    if (!tokenProgram(program) || !"mint".equals(parsed.path("type").asText())) {
      return new Reading.Unreadable<>("the account is not a token mint");
    }
    JsonNode decimals = parsed.path("info").get("decimals");
    if (decimals == null || !decimals.isIntegralNumber() || !decimals.canConvertToInt()) {
      return new Reading.Unreadable<>("the mint has no decimals");
    }
    try {
      return new Reading.Value<>(TokenDecimals.of(decimals.asInt()));
    } catch (IllegalArgumentException e) {
      return new Reading.Unreadable<>("the mint's decimals are out of range");
    }
  }

  /** The parsed info of a token account, or {@code null} when the account is not one. */
  static JsonNode tokenInfo(JsonNode account) {
    if (account == null) {
      return null;
    }
    String program = account.path("owner").asText();
    JsonNode parsed = account.path("data").path("parsed");
    if (!tokenProgram(program) || !"account".equals(parsed.path("type").asText())) {
      return null;
    }
    return parsed.path("info");
  }

  /** Decimals 0 and an amount of at least 1: what an SPL NFT's token account holds. */
  static boolean nftLike(JsonNode info) {
    JsonNode amount = info.path("tokenAmount");
    return amount.path("decimals").asInt(-1) == 0 && !"0".equals(amount.path("amount").asText("0"));
  }

  /**
   * Whether the NFT of {@code mint} is verified in {@code collection} by its Metaplex {@code
   * metadata} account; an NFT without Metaplex metadata belongs to no collection.
   */
  static boolean inVerifiedCollection(JsonNode metadata, String mint, byte[] collection)
      throws RpcFailure {
    if (metadata == null
        || !ProgramAddress.METADATA_PROGRAM.text().equals(metadata.path("owner").asText())) {
      return false;
    }
    try {
      MetaplexMetadata.Decoded decoded = MetaplexMetadata.decode(base64Data(metadata));
      return Arrays.equals(decoded.mint(), mintKey(mint))
          && MetaplexMetadata.inVerifiedCollection(decoded, collection);
    } catch (IllegalArgumentException e) {
      throw new RpcFailure("a metadata account does not decode: " + e.getMessage());
    }
  }

  static String metadataOf(String mint) throws RpcFailure {
    return ProgramAddress.metadata(mintKey(mint)).text();
  }

  static byte[] mintKey(String mint) throws RpcFailure {
    try {
      return SolanaAddress.of(mint).bytes();
    } catch (RuntimeException e) {
      throw new RpcFailure("a token account names a malformed mint");
    }
  }

  static byte[] base64Data(JsonNode account) throws RpcFailure {
    JsonNode data = account.get("data");
    if (data == null
        || !data.isArray()
        || data.size() != 2
        || !"base64".equals(data.get(1).asText())) {
      throw new RpcFailure("a metadata account is not base64 data");
    }
    try {
      return Base64.getDecoder().decode(data.get(0).asText());
    } catch (IllegalArgumentException e) {
      throw new RpcFailure("a metadata account is not valid base64");
    }
  }

  private static boolean tokenProgram(String program) {
    return program.equals(TOKEN_PROGRAM) || program.equals(TOKEN_2022_PROGRAM);
  }
}
