package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.application.commerce.port.in.ConfigureMerchantCommands;
import org.walletstate.application.commerce.port.in.ConfigureMerchantUseCase;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.SettingsUpdate;
import org.walletstate.domain.commerce.TokenUpdate;
import org.walletstate.domain.request.RequestValue;

/**
 * {@code /v1/merchants/{id}/tokens}, {@code nfts}, {@code settings} and {@code directory}: the
 * owner's configuration of a merchant (API key; the owner key only).
 */
@Path("/v1/merchants")
@Tag(name = "merchants")
public class MerchantConfigurationResource {

  private final ConfigureMerchantUseCase configure;
  private final Exchange edge;
  private final OwnerCalls owner;

  @Inject
  public MerchantConfigurationResource(ConfigureMerchantUseCase configure, Exchange edge) {
    this.configure = configure;
    this.edge = edge;
    this.owner = new OwnerCalls(edge);
  }

  // tokens, nfts and settings share their shape by design: each part has its own route, command
  // and view, and the owner check and answers are OwnerCalls'
  @Idempotent
  @PUT
  @Path("/{id}/tokens")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Configure the store's own token and partner tokens (owner key)")
  public Uni<Response> tokens(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = MerchantsResource.merchantId(id);
    TokenUpdate update = ConfigureMerchantCommands.tokens(edge.body(body));
    return owner.owned(
        merchant,
        key -> configure.tokens(key, merchant, update),
        m -> MerchantViews.tokens(m.tokens()));
  }

  @Idempotent
  @PUT
  @Path("/{id}/nfts")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Configure the store's NFT collections (owner key)")
  public Uni<Response> nfts(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = MerchantsResource.merchantId(id);
    var collections = ConfigureMerchantCommands.nfts(edge.body(body));
    return owner.owned(
        merchant,
        key -> configure.nfts(key, merchant, collections),
        m -> MerchantViews.nfts(m.nftCollections()));
  }

  @Idempotent
  @PUT
  @Path("/{id}/settings")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Discount settings and pause (owner key)")
  public Uni<Response> settings(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = MerchantsResource.merchantId(id);
    SettingsUpdate update = ConfigureMerchantCommands.settings(edge.body(body));
    return owner.owned(
        merchant,
        key -> configure.settings(key, merchant, update),
        m -> MerchantViews.settingsAnswer(m.settings()));
  }

  /**
   * No body is needed, so the method takes any {@code Content-Type} (a bare POST carries none); a
   * body that is sent must be JSON.
   */
  @Idempotent
  @POST
  @Path("/{id}/directory")
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "Publish the store in the directory; {listed: false} unpublishes (owner key)")
  public Uni<Response> directory(
      @PathParam("id") String id,
      @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
      byte[] body) {
    CompanyId merchant = MerchantsResource.merchantId(id);
    boolean listed = true;
    if (body != null && body.length > 0) {
      if (!isJson(contentType)) {
        throw new NotSupportedException();
      }
      RequestValue raw = edge.body(body).get("listed");
      if (raw instanceof RequestValue.Bool b) {
        listed = b.value();
      } else if (!raw.isMissing()) {
        throw new ValidationException(
            "listed must be a boolean (true or false), not " + raw.kind());
      }
    }
    boolean publish = listed;
    return owner.owned(
        merchant, key -> configure.directory(key, merchant, publish), MerchantViews::directory);
  }

  private static boolean isJson(String contentType) {
    if (contentType == null) {
      return false;
    }
    try {
      MediaType type = MediaType.valueOf(contentType);
      return type.getType().equalsIgnoreCase("application")
          && type.getSubtype().equalsIgnoreCase("json");
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
