CREATE TABLE "chat_rate_windows" (
	"user_id" uuid NOT NULL,
	"engine" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"questions" integer NOT NULL,
	CONSTRAINT "chat_rate_windows_user_id_engine_pk" PRIMARY KEY("user_id","engine")
);
--> statement-breakpoint
ALTER TABLE "chat_rate_windows" ADD CONSTRAINT "chat_rate_windows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;