package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.domaincheck.VertxDomainProbe;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.application.commerce.port.in.DomainVerificationUseCase;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.request.Fields;

/**
 * {@code /v1/merchants/{id}/domain-verification} and {@code /verification}: the store's website
 * verified by a token the service checks, or recorded by a partner-enabled owner key (API key; the
 * owner key only).
 */
@Path("/v1/merchants")
@Tag(name = "merchants")
public class DomainVerificationResource {

  // fields and constructor as the other owner-key resources' by design: CDI hands each its use case
  private final DomainVerificationUseCase verification;
  private final Exchange edge;
  private final OwnerCalls owner;

  @Inject
  public DomainVerificationResource(DomainVerificationUseCase verification, Exchange edge) {
    this.verification = verification;
    this.edge = edge;
    this.owner = new OwnerCalls(edge);
  }

  // declared as the other owner-key POSTs by design: its own route and use case
  @Idempotent
  @POST
  @Path("/{id}/domain-verification")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Issue a fresh domain-verification token (owner key)")
  public Uni<Response> startVerification(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = MerchantsResource.merchantId(id);
    DomainName domain = domain(body);
    return owner.owned(
        merchant,
        key -> verification.start(key, merchant, domain),
        started -> methods(started.domain(), started.token()));
  }

  /** The {@code domain} a request body names. */
  private DomainName domain(byte[] body) {
    return DomainName.parse(Fields.of(edge.body(body), "").requiredText("domain"));
  }

  private static Map<String, Object> methods(DomainName domain, String token) {
    Map<String, Object> dns = new LinkedHashMap<>();
    dns.put("type", "TXT");
    dns.put("host", VertxDomainProbe.DNS_PREFIX + domain);
    dns.put("value", token);
    dns.put(
        "instructions",
        "Add a TXT record named "
            + VertxDomainProbe.DNS_PREFIX
            + domain
            + " whose value is the token, then call PUT on this endpoint.");
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("tag", "<meta name=\"" + VertxDomainProbe.META_NAME + "\" content=\"" + token + "\">");
    meta.put(
        "instructions",
        "Put the tag in the <head> of https://" + domain + "/, then call PUT on this endpoint.");
    Map<String, Object> file = new LinkedHashMap<>();
    file.put("path", VertxDomainProbe.FILE_PATH);
    file.put("content", token);
    file.put(
        "instructions",
        "Serve a file at https://"
            + domain
            + VertxDomainProbe.FILE_PATH
            + " whose content is the token, then call PUT on this endpoint.");
    Map<String, Object> methods = new LinkedHashMap<>();
    methods.put("dns", dns);
    methods.put("meta", meta);
    methods.put("file", file);
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("domain", domain.value());
    v.put("token", token);
    v.put("methods", methods);
    return v;
  }

  // declared as the other owner-key calls by design: the check has its own method and use case
  @PUT
  @Path("/{id}/domain-verification")
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Check the domain for the token by DNS TXT, meta tag and file (owner key)")
  public Uni<Response> checkVerification(@PathParam("id") String id) {
    CompanyId merchant = MerchantsResource.merchantId(id);
    return owner.owned(
        merchant, key -> verification.check(key, merchant), check -> checked(merchant, check));
  }

  private static Map<String, Object> checked(
      CompanyId merchant, DomainVerificationUseCase.Check check) {
    Map<String, Object> v = new LinkedHashMap<>();
    if (check instanceof DomainVerificationUseCase.Check.Verified ok) {
      v.put("verified", true);
      v.put("domain", ok.domain().value());
      v.put("method", ok.method().wireName());
      return v;
    }
    if (check instanceof DomainVerificationUseCase.Check.NotVerified no) {
      v.put("verified", false);
      v.put("domain", no.domain().value());
      v.put("message", no.message());
      v.put("attemptsRemaining", no.attemptsRemaining());
      return v;
    }
    // a 429 with Retry-After by design, as every limit answers
    long retry = ((DomainVerificationUseCase.Check.Limited) check).retryAfterSeconds();
    throw new ApiError(
        429,
        "Too many domain-verification checks for merchant "
            + merchant
            + "; retry in "
            + retry
            + " seconds",
        Map.of("Retry-After", Long.toString(retry)));
  }

  // declared and built as the start by design: a partner key records its own verification
  @Idempotent
  @PUT
  @Path("/{id}/verification")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "A partner-enabled owner key records that it verified the domain in its own flow")
  public Uni<Response> partnerVerification(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = MerchantsResource.merchantId(id);
    DomainName domain = domain(body);
    return owner.owned(
        merchant,
        key -> verification.partnerVerified(key, merchant, domain),
        v -> {
          Map<String, Object> out = new LinkedHashMap<>();
          out.put("id", merchant.value());
          Map<String, Object> block = MerchantViews.verification(v);
          block.put("method", v.method().map(x -> x.wireName()).orElse(null));
          out.put("verification", block);
          return out;
        });
  }
}
