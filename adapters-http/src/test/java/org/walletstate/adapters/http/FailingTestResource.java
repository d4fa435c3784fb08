package org.walletstate.adapters.http;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** A route that fails unexpectedly, to show what callers see when that happens. */
@Path("/test-only/failure")
public class FailingTestResource {

  @GET
  public String fail() {
    throw new IllegalStateException("connection pool of db-primary.internal exhausted");
  }
}
